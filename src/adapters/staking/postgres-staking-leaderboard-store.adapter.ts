import * as TE from "fp-ts/TaskEither";
import type { Pool } from "pg";
import type { UpstreamFailure } from "../../application/failures";
import type { StakingLeaderboardStore } from "../../application/ports/staking-leaderboard-store.port";
import type { LeaderboardBatch, LeaderboardPage } from "../../domain/staking/leaderboard-batch";
import { StakingLeaderboard } from "../../domain/staking/staking-leaderboard";
import { revive, toTaggedJson } from "../shared/tagged-json";
import { upstreamTask } from "../shared/upstream-task";

/** Rows read per round trip while replaying the journal. */
const REPLAY_PAGE = 500;

/**
 * The leaderboard's input kept in PostgreSQL as a journal of batches (table
 * `staking_leaderboard_batches`); the ranking itself is the domain's incremental one, in memory,
 * fed from the journal. Before every read and after every write the instance replays what it has
 * not seen yet (its own batches and other instances'), so a restart resumes from the last recorded
 * block instead of re-indexing from genesis, and instances agree. One replay at a time per instance.
 */
export class PostgresStakingLeaderboardStore implements StakingLeaderboardStore {
  private readonly board = new StakingLeaderboard();
  private replayedSeq = 0;
  private replaying: Promise<void> = Promise.resolve();

  constructor(private readonly pool: Pool) {}

  lastIndexedBlock(): TE.TaskEither<UpstreamFailure, number | null> {
    return this.query("last indexed block", async () => {
      const result = await this.pool.query<{ block: string | null }>(
        "SELECT max(to_block)::text AS block FROM staking_leaderboard_batches",
      );
      const block = result.rows[0]?.block ?? null;
      return block === null ? null : Number(block);
    });
  }

  /**
   * Appends the batch, and in the same statement drops the empty batches before it that reach no further block: an
   * empty batch only moves the clock and the block (a batch's time is its last block's), which this one moves at least
   * as far, so replaying the journal without them ends in the same state, and the journal grows with staking
   * activity, not with polls.
   */
  record(batch: LeaderboardBatch): TE.TaskEither<UpstreamFailure, void> {
    return this.query("record", async () => {
      await this.pool.query(
        `WITH recorded AS (
           INSERT INTO staking_leaderboard_batches (to_block, batch, empty) VALUES ($1, $2::jsonb, $3) RETURNING seq
         )
         DELETE FROM staking_leaderboard_batches WHERE empty AND to_block <= $1 AND seq < (SELECT seq FROM recorded)`,
        [batch.toBlock, toTaggedJson(batch), isEmpty(batch)],
      );
      await this.catchUp();
    });
  }

  top(limit: number, offset: number): TE.TaskEither<UpstreamFailure, LeaderboardPage> {
    return this.query("top", async () => {
      await this.catchUp();
      return this.board.top(limit, offset);
    });
  }

  private catchUp(): Promise<void> {
    const next = this.replaying.catch(() => undefined).then(() => this.replay());
    this.replaying = next;
    return next;
  }

  private async replay(): Promise<void> {
    for (;;) {
      const result = await this.pool.query<{ seq: string; batch: unknown }>(
        "SELECT seq::text, batch FROM staking_leaderboard_batches WHERE seq > $1 ORDER BY seq LIMIT $2",
        [this.replayedSeq, REPLAY_PAGE],
      );
      for (const row of result.rows) {
        this.board.ingest(revive(row.batch) as LeaderboardBatch);
        this.replayedSeq = Number(row.seq);
      }
      if (result.rows.length < REPLAY_PAGE) return;
    }
  }

  private query<T>(what: string, run: () => Promise<T>): TE.TaskEither<UpstreamFailure, T> {
    return upstreamTask("storage", `staking leaderboard ${what}`, run);
  }
}

/** Learns nothing but the block and time it reaches. */
function isEmpty(batch: LeaderboardBatch): boolean {
  return (
    batch.activities.length === 0 &&
    batch.targetTiers.size === 0 &&
    batch.deployers.size === 0 &&
    batch.vaultOwners.size === 0 &&
    batch.deployments.size === 0 &&
    batch.ageResets.size === 0
  );
}
