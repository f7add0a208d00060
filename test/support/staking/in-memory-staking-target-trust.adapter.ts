import * as TE from "fp-ts/TaskEither";
import type { UpstreamFailure } from "../../../src/application/failures";
import type { StakingTargetTrust } from "../../../src/application/ports/staking-target-trust.port";
import type { Address } from "../../../src/domain/chain/address";
import type { TargetTier } from "../../../src/domain/staking/target-trust";

/** Test double: tiers from a fixed table; anything not listed is unknown (null) (production binds SnapshotStakingTargetTrust). */
export class InMemoryStakingTargetTrust implements StakingTargetTrust {
  constructor(private readonly tiers: ReadonlyMap<Address, TargetTier> = new Map()) {}

  tierOf(target: Address): TE.TaskEither<UpstreamFailure, TargetTier | null> {
    return TE.right(this.tiers.get(target) ?? null);
  }
}
