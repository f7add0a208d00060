import type { TaskEither } from "fp-ts/TaskEither";
import type { Address } from "../../domain/chain/address";
import type { BlockRef } from "../../domain/chain/chain-types";
import type { StakingInput } from "../../domain/scoring";

/**
 * A wallet's staking signal as scoring consumes it. Null when no analysis is available; scoring then
 * states the limitation instead of failing (staking never decides a score on its own).
 */
export interface StakingInputSource {
  /** Judged at `head`, the block the score itself reflects. */
  stakingOf(wallet: Address, head: BlockRef): TaskEither<never, StakingInput | null>;
}

export const StakingInputSource = Symbol.for("StakingInputSource");
