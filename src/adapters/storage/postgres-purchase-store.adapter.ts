import * as E from "fp-ts/Either";
import type * as TE from "fp-ts/TaskEither";
import * as t from "io-ts";
import { inject, injectable } from "inversify";
import type { Pool } from "pg";
import type { UpstreamFailure } from "../../application/failures";
import type { StoredPaidResponse } from "../../application/ports/payment-identifier-store.port";
import type { PurchaseStore } from "../../application/ports/purchase-store.port";
import { upstreamTask } from "../shared/upstream-task";

export interface PostgresPurchaseStoreConfig {
  /** A pool on a database migrated by `migratePostgres` (tables `paid_answers` and `paid_answers_nonces`). */
  readonly pool: Pool;
}

export const PostgresPurchaseStoreConfig = Symbol.for("PostgresPurchaseStoreConfig");

const StoredResponse = t.type({
  answer: t.unknown,
  headers: t.record(t.string, t.string),
  settlement: t.type({ transaction: t.string, payer: t.string, value: t.string }),
});

/** Purchases and sign-in nonces in PostgreSQL, shared by every instance. */
@injectable()
export class PostgresPurchaseStore implements PurchaseStore {
  private readonly pool: Pool;
  private readonly table = "paid_answers";

  constructor(@inject(PostgresPurchaseStoreConfig) config: PostgresPurchaseStoreConfig) {
    this.pool = config.pool;
  }

  record(
    payer: string,
    resource: string,
    response: StoredPaidResponse,
    atMs: number,
  ): TE.TaskEither<UpstreamFailure, void> {
    return this.query("record", async () => {
      await this.pool.query(`INSERT INTO ${this.table} (payer, resource, response, at_ms) VALUES ($1, $2, $3, $4)`, [
        payer.toLowerCase(),
        resource,
        JSON.stringify(response),
        atMs,
      ]);
    });
  }

  latest(payer: string, resource: string, notBeforeMs: number) {
    return this.query("latest", async () => {
      const found = await this.pool.query<{ response: unknown; at_ms: string }>(
        `SELECT response, at_ms FROM ${this.table} WHERE payer = $1 AND resource = $2 AND at_ms >= $3
         ORDER BY at_ms DESC, seq DESC LIMIT 1`,
        [payer.toLowerCase(), resource, notBeforeMs],
      );
      const row = found.rows[0];
      if (row === undefined) return null;
      const decoded = StoredResponse.decode(row.response);
      if (E.isLeft(decoded)) throw new Error("stored purchase does not decode");
      return { response: decoded.right, atMs: Number(row.at_ms) };
    });
  }

  useNonce(nonce: string, keptUntilMs: number, nowMs: number): TE.TaskEither<UpstreamFailure, boolean> {
    return this.query("use nonce", async () => {
      await this.pool.query(`DELETE FROM ${this.table}_nonces WHERE kept_until_ms < $1`, [nowMs]);
      const inserted = await this.pool.query(
        `INSERT INTO ${this.table}_nonces (nonce, used_at_ms, kept_until_ms) VALUES ($1, $2, $3)
         ON CONFLICT (nonce) DO NOTHING`,
        [nonce, nowMs, keptUntilMs],
      );
      return inserted.rowCount === 1;
    });
  }

  private query<T>(what: string, run: () => Promise<T>): TE.TaskEither<UpstreamFailure, T> {
    return upstreamTask("storage", `purchase store ${what}`, run);
  }
}
