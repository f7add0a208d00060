import type * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Pool } from "pg";
import type { UpstreamFailure } from "../../application/failures";
import type { WatchCursor, WatchPosition } from "../../application/ports/watch-cursor.port";
import { partitionSuffix, WHOLE_CHAIN, type GuardPartition } from "../../domain/protocol-guard/guard-partition";
import { upstreamTask } from "../shared/upstream-task";

export interface PostgresWatchCursorConfig {
  /** A pool on a database migrated by `migratePostgres` (`protocol_guard_watch_cursor`). */
  readonly pool: Pool;
  /** One row per watched chain (`key`: chain id), and per partition of its work (`key` + `/p<i>of<n>`). */
  readonly key: string;
}

export const PostgresWatchCursorConfig = Symbol.for("PostgresWatchCursorConfig");

/** The Protocol Guard watcher's position in PostgreSQL: one upsert per processed block. */
@injectable()
export class PostgresWatchCursor implements WatchCursor {
  private readonly table = "protocol_guard_watch_cursor";

  constructor(@inject(PostgresWatchCursorConfig) private readonly config: PostgresWatchCursorConfig) {}

  read(partition: GuardPartition = WHOLE_CHAIN): TE.TaskEither<UpstreamFailure, WatchPosition | null> {
    return this.query("read", async () => {
      const result = await this.config.pool.query<{ block_number: string; block_hash: string }>(
        `SELECT block_number, block_hash FROM ${this.table} WHERE key = $1`,
        [this.config.key + partitionSuffix(partition)],
      );
      const row = result.rows[0];
      return row === undefined ? null : { number: Number(row.block_number), hash: row.block_hash };
    });
  }

  write(position: WatchPosition, partition: GuardPartition = WHOLE_CHAIN): TE.TaskEither<UpstreamFailure, void> {
    return this.query("write", async () => {
      await this.config.pool.query(
        `INSERT INTO ${this.table} (key, block_number, block_hash) VALUES ($1, $2, $3)
         ON CONFLICT (key) DO UPDATE SET block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash`,
        [this.config.key + partitionSuffix(partition), position.number, position.hash],
      );
    });
  }

  private query<T>(what: string, run: () => Promise<T>): TE.TaskEither<UpstreamFailure, T> {
    return upstreamTask("storage", `watch cursor ${what}`, run);
  }
}
