import type { TaskEither } from "fp-ts/TaskEither";
import type { LeaderboardBatch, LeaderboardPage } from "../../domain/staking/leaderboard-batch";
import type { UpstreamFailure } from "../failures";

/** Where the staking leaderboard lives between blocks. Recording the same batch twice is harmless. */
export interface StakingLeaderboardStore {
  /** Last block whose staking events were recorded; null before the first batch. */
  lastIndexedBlock(): TaskEither<UpstreamFailure, number | null>;
  record(batch: LeaderboardBatch): TaskEither<UpstreamFailure, void>;
  /** Ranked rows as of the last recorded block's chain time; `limit`/`offset` already clamped. */
  top(limit: number, offset: number): TaskEither<UpstreamFailure, LeaderboardPage>;
}

export const StakingLeaderboardStore = Symbol.for("StakingLeaderboardStore");
