import * as E from "fp-ts/Either";
import type * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Pool } from "pg";
import type { UpstreamFailure } from "../../application/failures";
import type { FeedbackStore } from "../../application/ports/feedback-store.port";
import type { Address } from "../../domain/chain/address";
import { FEEDBACK_KEPT, type FeedbackEntry, decodeFeedbackRequest } from "../../domain/feedback/feedback";
import { upstreamTask } from "../shared/upstream-task";

export interface PostgresFeedbackStoreConfig {
  readonly pool: Pool;
  readonly kept?: number;
}

export const PostgresFeedbackStoreConfig = Symbol.for("PostgresFeedbackStoreConfig");

interface Row {
  id: string;
  address: string;
  flag: string | null;
  verdict: string;
  note: string | null;
  contact: string | null;
  received_at: string;
}

const COLUMNS = "id, address, flag, verdict, note, contact, received_at";

/** Rows are decoded with the request's own rules: a row that would not be accepted today is a storage fault. */
function toEntry(row: Row): FeedbackEntry {
  const decoded = decodeFeedbackRequest(row);
  if (E.isLeft(decoded)) throw new Error(`feedback row ${row.id} is not well formed (${decoded.left.field})`);
  return { ...decoded.right, id: row.id, receivedAt: row.received_at };
}

/** Feedback in the `feedback` table (migrations/): insert and trim to the newest `kept` in one transaction. */
@injectable()
export class PostgresFeedbackStore implements FeedbackStore {
  private readonly pool: Pool;
  private readonly kept: number;

  constructor(@inject(PostgresFeedbackStoreConfig) config: PostgresFeedbackStoreConfig) {
    this.pool = config.pool;
    this.kept = config.kept ?? FEEDBACK_KEPT;
  }

  add(entry: FeedbackEntry): TE.TaskEither<UpstreamFailure, void> {
    return this.query("add", async () => {
      const client = await this.pool.connect();
      try {
        await client.query("BEGIN");
        await client.query(`INSERT INTO feedback (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
          entry.id,
          entry.address,
          entry.flag,
          entry.verdict,
          entry.note,
          entry.contact,
          entry.receivedAt,
        ]);
        await client.query(
          `DELETE FROM feedback WHERE seq <= (SELECT seq FROM feedback ORDER BY seq DESC OFFSET $1 LIMIT 1)`,
          [this.kept],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    });
  }

  list(limit: number, offset: number): TE.TaskEither<UpstreamFailure, readonly FeedbackEntry[]> {
    return this.query("list", async () => {
      const result = await this.pool.query<Row>(
        `SELECT ${COLUMNS} FROM feedback ORDER BY seq DESC LIMIT $1 OFFSET $2`,
        [Math.max(0, limit), Math.max(0, offset)],
      );
      return result.rows.map(toEntry);
    });
  }

  listFor(address: Address, limit: number, offset: number): TE.TaskEither<UpstreamFailure, readonly FeedbackEntry[]> {
    return this.query("list for address", async () => {
      // feedback_by_address_newest (address, seq DESC) answers this without reading other addresses' rows.
      const result = await this.pool.query<Row>(
        `SELECT ${COLUMNS} FROM feedback WHERE address = $1 ORDER BY seq DESC LIMIT $2 OFFSET $3`,
        [address, Math.max(0, limit), Math.max(0, offset)],
      );
      return result.rows.map(toEntry);
    });
  }

  private query<T>(what: string, run: () => Promise<T>): TE.TaskEither<UpstreamFailure, T> {
    return upstreamTask("storage", `feedback store ${what}`, run);
  }
}
