import type { TaskEither } from "fp-ts/TaskEither";
import type { Address } from "../../domain/chain/address";
import type { TargetTier } from "../../domain/staking/target-trust";
import type { UpstreamFailure } from "../failures";

/**
 * The trust tier of what a stake points at (the staked token, or the staking contract for
 * native stakes). The scoring engine provides the real one; null means not scored.
 */
export interface StakingTargetTrust {
  tierOf(target: Address): TaskEither<UpstreamFailure, TargetTier | null>;
}

export const StakingTargetTrust = Symbol.for("StakingTargetTrust");
