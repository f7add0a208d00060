import * as TE from "fp-ts/TaskEither";
import type { UpstreamFailure } from "../../application/failures";
import type { StakingAgeResets } from "../../application/ports/staking-age-resets.port";
import type { Address } from "../../domain/chain/address";
import type { StakeAgeReset } from "../../domain/staking/staking-evidence";

/** Resets from a fixed table; empty by default (no detector wired yet means no resets). */
export class InMemoryStakingAgeResets implements StakingAgeResets {
  constructor(private readonly resets: ReadonlyMap<Address, readonly StakeAgeReset[]> = new Map()) {}

  resetsOf(wallet: Address): TE.TaskEither<UpstreamFailure, readonly StakeAgeReset[]> {
    return TE.right(this.resets.get(wallet) ?? []);
  }
}
