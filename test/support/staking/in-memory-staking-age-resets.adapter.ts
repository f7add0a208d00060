import * as TE from "fp-ts/TaskEither";
import type { UpstreamFailure } from "../../../src/application/failures";
import type { StakingAgeResets } from "../../../src/application/ports/staking-age-resets.port";
import type { Address } from "../../../src/domain/chain/address";
import type { StakeAgeReset } from "../../../src/domain/staking/staking-evidence";

/** Test double: resets from a fixed table, empty by default (production binds HistoryStakeAgeResets). */
export class InMemoryStakingAgeResets implements StakingAgeResets {
  constructor(private readonly resets: ReadonlyMap<Address, readonly StakeAgeReset[]> = new Map()) {}

  resetsOf(wallet: Address): TE.TaskEither<UpstreamFailure, readonly StakeAgeReset[]> {
    return TE.right(this.resets.get(wallet) ?? []);
  }
}
