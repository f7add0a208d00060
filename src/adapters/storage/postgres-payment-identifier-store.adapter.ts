import { createHash } from "node:crypto";
import * as E from "fp-ts/Either";
import type * as TE from "fp-ts/TaskEither";
import * as t from "io-ts";
import { inject, injectable } from "inversify";
import type { Pool } from "pg";
import type { UpstreamFailure } from "../../application/failures";
import type {
  PaymentIdClaim,
  PaymentIdentifierStore,
  StoredPaidResponse,
} from "../../application/ports/payment-identifier-store.port";
import { PAYMENT_ID_LEASE_MS } from "../../domain/payment/payment-identifier";
import { upstreamTask } from "../shared/upstream-task";

export interface PostgresPaymentIdentifierStoreConfig {
  /** A pool on a database migrated by `migratePostgres` (table `payment_identifiers`). */
  readonly pool: Pool;
}

export const PostgresPaymentIdentifierStoreConfig = Symbol.for("PostgresPaymentIdentifierStoreConfig");

interface Row {
  fingerprint: string;
  response: unknown;
  claimed_at_ms: string;
}

const StoredResponse = t.type({
  answer: t.unknown,
  headers: t.record(t.string, t.string),
  settlement: t.type({ transaction: t.string, payer: t.string, value: t.string }),
});

/** The fingerprint holds a whole payment header: only its SHA-256 is stored. */
const digest = (fingerprint: string) => createHash("sha256").update(fingerprint, "utf8").digest("hex");

/**
 * Payment identifiers in PostgreSQL, shared by every instance: the claim is one
 * `INSERT ... ON CONFLICT DO NOTHING`; a stale pending claim is taken over by one conditional UPDATE.
 */
@injectable()
export class PostgresPaymentIdentifierStore implements PaymentIdentifierStore {
  private readonly pool: Pool;
  private readonly table = "payment_identifiers";

  constructor(@inject(PostgresPaymentIdentifierStoreConfig) config: PostgresPaymentIdentifierStoreConfig) {
    this.pool = config.pool;
  }

  claim(id: string, fingerprint: string, nowMs: number): TE.TaskEither<UpstreamFailure, PaymentIdClaim> {
    const hashed = digest(fingerprint);
    return this.query("claim", async (): Promise<PaymentIdClaim> => {
      const inserted = await this.pool.query(
        `INSERT INTO ${this.table} (id, fingerprint, claimed_at_ms) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`,
        [id, hashed, nowMs],
      );
      if (inserted.rowCount === 1) return { _tag: "claimed" };
      const found = await this.pool.query<Row>(
        `SELECT fingerprint, response, claimed_at_ms FROM ${this.table} WHERE id = $1`,
        [id],
      );
      const row = found.rows[0];
      // Released between our insert and read: one more attempt decides.
      if (row === undefined) return { _tag: "pending" };
      if (row.fingerprint !== hashed) return { _tag: "conflict" };
      if (row.response !== null) return { _tag: "completed", response: toResponse(row.response) };
      const takenOver = await this.pool.query(
        `UPDATE ${this.table} SET claimed_at_ms = $2
         WHERE id = $1 AND response IS NULL AND claimed_at_ms = $3 AND claimed_at_ms < $4`,
        [id, nowMs, row.claimed_at_ms, nowMs - PAYMENT_ID_LEASE_MS],
      );
      return takenOver.rowCount === 1 ? { _tag: "claimed" } : { _tag: "pending" };
    });
  }

  complete(id: string, response: StoredPaidResponse): TE.TaskEither<UpstreamFailure, void> {
    return this.query("complete", async () => {
      await this.pool.query(`UPDATE ${this.table} SET response = $2 WHERE id = $1`, [id, JSON.stringify(response)]);
    });
  }

  release(id: string): TE.TaskEither<UpstreamFailure, void> {
    return this.query("release", async () => {
      await this.pool.query(`DELETE FROM ${this.table} WHERE id = $1 AND response IS NULL`, [id]);
    });
  }

  private query<T>(what: string, run: () => Promise<T>): TE.TaskEither<UpstreamFailure, T> {
    return upstreamTask("storage", `payment identifier store ${what}`, run);
  }
}

function toResponse(value: unknown): StoredPaidResponse {
  const decoded = StoredResponse.decode(value);
  if (E.isLeft(decoded)) throw new Error("stored paid response does not decode");
  return decoded.right;
}
