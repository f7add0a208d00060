import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import { clampLeaderboardPage, type LeaderboardPage } from "../../../domain/staking/leaderboard-batch";
import { StakingLeaderboardStore } from "../../ports/staking-leaderboard-store.port";
import { stakingAnalysisFailed, type StakingAnalysisFailed } from "./staking-analysis-failed";

export interface LeaderboardQuery {
  readonly limit?: number;
  readonly offset?: number;
}

/** GET /api/staking/leaderboard: ranked rows as of the last indexed block (limit 1..100, default 50). */
@injectable()
export class GetStakingLeaderboard {
  constructor(@inject(StakingLeaderboardStore) private readonly store: StakingLeaderboardStore) {}

  execute(query: LeaderboardQuery = {}): TE.TaskEither<StakingAnalysisFailed, LeaderboardPage> {
    const { limit, offset } = clampLeaderboardPage(query.limit, query.offset);
    return pipe(this.store.top(limit, offset), TE.mapLeft(stakingAnalysisFailed));
  }
}
