import * as TE from "fp-ts/TaskEither";
import type { UpstreamFailure } from "../../application/failures";
import type { StakingTargetTrust } from "../../application/ports/staking-target-trust.port";
import type { Address } from "../../domain/chain/address";
import type { TargetTier } from "../../domain/staking/target-trust";

/** Tiers from a fixed table; anything not listed is unknown (null). Stands in until scoring provides tiers. */
export class InMemoryStakingTargetTrust implements StakingTargetTrust {
  constructor(private readonly tiers: ReadonlyMap<Address, TargetTier> = new Map()) {}

  tierOf(target: Address): TE.TaskEither<UpstreamFailure, TargetTier | null> {
    return TE.right(this.tiers.get(target) ?? null);
  }
}
