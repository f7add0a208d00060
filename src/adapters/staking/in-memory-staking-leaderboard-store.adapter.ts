import * as TE from "fp-ts/TaskEither";
import type { UpstreamFailure } from "../../application/failures";
import type { StakingLeaderboardStore } from "../../application/ports/staking-leaderboard-store.port";
import type { LeaderboardBatch, LeaderboardPage } from "../../domain/staking/leaderboard-batch";
import { StakingLeaderboard } from "../../domain/staking/staking-leaderboard";

/** The leaderboard in process memory: rebuilt from the chain by the indexer after a restart. */
export class InMemoryStakingLeaderboardStore implements StakingLeaderboardStore {
  constructor(private readonly board: StakingLeaderboard = new StakingLeaderboard()) {}

  lastIndexedBlock(): TE.TaskEither<UpstreamFailure, number | null> {
    return TE.fromIO(() => this.board.lastIndexedBlock);
  }

  record(batch: LeaderboardBatch): TE.TaskEither<UpstreamFailure, void> {
    return TE.fromIO(() => this.board.ingest(batch));
  }

  top(limit: number, offset: number): TE.TaskEither<UpstreamFailure, LeaderboardPage> {
    return TE.fromIO(() => this.board.top(limit, offset));
  }
}
