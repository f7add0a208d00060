import type * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { UpstreamFailure } from "../../application/failures";
import type { AttemptedBlock, BlockAttempts } from "../../application/ports/block-attempts.port";
import { PostgresWatchCursorConfig } from "./postgres-watch-cursor.adapter";
import { partitionSuffix, WHOLE_CHAIN, type GuardPartition } from "../../domain/protocol-guard/guard-partition";
import { upstreamTask } from "../shared/upstream-task";

/**
 * Failed attempts in PostgreSQL, keyed like the watch cursor. The count moves by compare-and-set
 * (`attempts = seen`): two instances failing the same round of a block count it once. A partition of the work
 * counts under its own key (the cursor's key + `/p<i>of<n>`).
 */
@injectable()
export class PostgresBlockAttempts implements BlockAttempts {
  private readonly table = "protocol_guard_block_attempts";

  constructor(@inject(PostgresWatchCursorConfig) private readonly config: PostgresWatchCursorConfig) {}

  recordFailure(
    block: AttemptedBlock,
    seen: number,
    reason: string,
    partition: GuardPartition = WHOLE_CHAIN,
  ): TE.TaskEither<UpstreamFailure, number> {
    return upstreamTask("storage", "block attempts record", async () => {
      const { pool } = this.config;
      const key = this.config.key + partitionSuffix(partition);
      await pool.query(`DELETE FROM ${this.table} WHERE key = $1 AND block_number < $2`, [key, block.number]);
      // The first failure inserts the row; a later one moves it only from the count the caller saw.
      const counted =
        seen === 0
          ? await pool.query<{ attempts: number }>(
              `INSERT INTO ${this.table} (key, block_number, block_hash, attempts, reason) VALUES ($1, $2, $3, 1, $4)
               ON CONFLICT (key, block_number, block_hash) DO NOTHING RETURNING attempts`,
              [key, block.number, block.hash, reason],
            )
          : await pool.query<{ attempts: number }>(
              `UPDATE ${this.table} SET attempts = attempts + 1, reason = $5, updated_at = now()
               WHERE key = $1 AND block_number = $2 AND block_hash = $3 AND attempts = $4 RETURNING attempts`,
              [key, block.number, block.hash, seen, reason],
            );
      if (counted.rows[0] !== undefined) return counted.rows[0].attempts;
      const now = await pool.query<{ attempts: number }>(
        `SELECT attempts FROM ${this.table} WHERE key = $1 AND block_number = $2 AND block_hash = $3`,
        [key, block.number, block.hash],
      );
      // Another round's count (adopted), or none: the block was cleared by whoever passed it.
      return now.rows[0]?.attempts ?? 0;
    });
  }

  clear(number: number, partition: GuardPartition = WHOLE_CHAIN): TE.TaskEither<UpstreamFailure, void> {
    return upstreamTask("storage", "block attempts clear", async () => {
      await this.config.pool.query(`DELETE FROM ${this.table} WHERE key = $1 AND block_number <= $2`, [
        this.config.key + partitionSuffix(partition),
        number,
      ]);
    });
  }
}
