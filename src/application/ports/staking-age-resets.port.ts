import type { TaskEither } from "fp-ts/TaskEither";
import type { Address } from "../../domain/chain/address";
import type { StakeAgeReset } from "../../domain/staking/staking-evidence";
import type { UpstreamFailure } from "../failures";

/**
 * When a wallet took part in a coordinated exit or wash trading (as the scoring engine's
 * detectors see it): each such moment restarts the age of stakes held across it.
 */
export interface StakingAgeResets {
  resetsOf(wallet: Address): TaskEither<UpstreamFailure, readonly StakeAgeReset[]>;
}

export const StakingAgeResets = Symbol.for("StakingAgeResets");
