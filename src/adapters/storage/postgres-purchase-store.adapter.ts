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
  readonly pool: Pool;
  /** Purchases table; nonces live in `<table>_nonces`. Tests use their own. Created when missing. */
  readonly table?: string;
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
  private readonly table: string;
  private ready: Promise<void> | undefined;

  constructor(@inject(PostgresPurchaseStoreConfig) config: PostgresPurchaseStoreConfig) {
    this.pool = config.pool;
    this.table = config.table ?? "paid_answers";
    if (!/^[a-z_][a-z0-9_]*$/.test(this.table)) throw new Error(`bad table name: ${this.table}`);
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

  useNonce(nonce: string, atMs: number): TE.TaskEither<UpstreamFailure, boolean> {
    return this.query("use nonce", async () => {
      const inserted = await this.pool.query(
        `INSERT INTO ${this.table}_nonces (nonce, used_at_ms) VALUES ($1, $2) ON CONFLICT (nonce) DO NOTHING`,
        [nonce, atMs],
      );
      return inserted.rowCount === 1;
    });
  }

  private query<T>(what: string, run: () => Promise<T>): TE.TaskEither<UpstreamFailure, T> {
    return upstreamTask("storage", `purchase store ${what}`, async () => {
      await this.ensureTables();
      return run();
    });
  }

  private ensureTables(): Promise<void> {
    this.ready ??= this.createTables().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  private async createTables(): Promise<void> {
    const statements = [
      `CREATE TABLE IF NOT EXISTS ${this.table} (
         seq bigserial PRIMARY KEY, payer text NOT NULL, resource text NOT NULL, response jsonb NOT NULL, at_ms bigint NOT NULL)`,
      `CREATE INDEX IF NOT EXISTS ${this.table}_by_payer ON ${this.table} (payer, resource, at_ms DESC)`,
      `CREATE TABLE IF NOT EXISTS ${this.table}_nonces (nonce text PRIMARY KEY, used_at_ms bigint NOT NULL)`,
    ];
    for (const sql of statements) {
      try {
        await this.pool.query(sql);
      } catch (error) {
        // Two processes creating the tables at once: the loser sees a duplicate, which is fine.
        const code = (error as { code?: string }).code;
        if (code !== "23505" && code !== "42P07") throw error;
      }
    }
  }
}
