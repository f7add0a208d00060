import type * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Pool } from "pg";
import type { UpstreamFailure } from "../../application/failures";
import type { WatchCursor, WatchPosition } from "../../application/ports/watch-cursor.port";
import { upstreamTask } from "../shared/upstream-task";
import { tolerateConcurrentCreate } from "./postgres-subscription-store.schema";

export interface PostgresWatchCursorConfig {
  readonly pool: Pool;
  /** One row per watched chain (`key`: chain id). */
  readonly key: string;
  readonly table?: string;
}

export const PostgresWatchCursorConfig = Symbol.for("PostgresWatchCursorConfig");

/** The watch cursor schema (to become a migration). */
async function createCursorSchema(pool: Pool, table: string): Promise<void> {
  await tolerateConcurrentCreate(
    pool,
    `CREATE TABLE IF NOT EXISTS ${table} (key text PRIMARY KEY, block_number bigint NOT NULL, block_hash text NOT NULL)`,
  );
}

/** The Protocol Guard watcher's position in PostgreSQL: one upsert per processed block. */
@injectable()
export class PostgresWatchCursor implements WatchCursor {
  private readonly table: string;
  private ready: Promise<void> | undefined;

  constructor(@inject(PostgresWatchCursorConfig) private readonly config: PostgresWatchCursorConfig) {
    this.table = config.table ?? "protocol_guard_watch_cursor";
    if (!/^[a-z_][a-z0-9_]*$/.test(this.table)) throw new Error(`bad table name: ${this.table}`);
  }

  read(): TE.TaskEither<UpstreamFailure, WatchPosition | null> {
    return this.query("read", async () => {
      const result = await this.config.pool.query<{ block_number: string; block_hash: string }>(
        `SELECT block_number, block_hash FROM ${this.table} WHERE key = $1`,
        [this.config.key],
      );
      const row = result.rows[0];
      return row === undefined ? null : { number: Number(row.block_number), hash: row.block_hash };
    });
  }

  write(position: WatchPosition): TE.TaskEither<UpstreamFailure, void> {
    return this.query("write", async () => {
      await this.config.pool.query(
        `INSERT INTO ${this.table} (key, block_number, block_hash) VALUES ($1, $2, $3)
         ON CONFLICT (key) DO UPDATE SET block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash`,
        [this.config.key, position.number, position.hash],
      );
    });
  }

  private query<T>(what: string, run: () => Promise<T>): TE.TaskEither<UpstreamFailure, T> {
    return upstreamTask("storage", `watch cursor ${what}`, async () => {
      this.ready ??= createCursorSchema(this.config.pool, this.table).catch((error: unknown) => {
        this.ready = undefined;
        throw error;
      });
      await this.ready;
      return run();
    });
  }
}
