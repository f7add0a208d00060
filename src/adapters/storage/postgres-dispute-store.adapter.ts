import * as E from "fp-ts/Either";
import type * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Pool } from "pg";
import type { UpstreamFailure } from "../../application/failures";
import type { DecideOutcome, DisputeStore } from "../../application/ports/dispute-store.port";
import { type Address, parseAddress } from "../../domain/chain/address";
import { type Dispute, type DisputeDecision, decodeDisputeRequest } from "../../domain/review/dispute";
import { upstreamTask } from "../shared/upstream-task";

export interface PostgresDisputeStoreConfig {
  /** A pool on a database migrated by `migratePostgres` (table `disputes`). */
  readonly pool: Pool;
}

export const PostgresDisputeStoreConfig = Symbol.for("PostgresDisputeStoreConfig");

interface Row {
  id: string;
  address: string;
  flag: string;
  reason: string;
  evidence: string | null;
  contact: string | null;
  owner_signed: boolean;
  signer: string | null;
  status: string;
  filed_at: string;
  decided_at: string | null;
  decision_reason: string | null;
  action: string | null;
}

const COLUMNS =
  "id, address, flag, reason, evidence, contact, owner_signed, signer, status, filed_at, decided_at, decision_reason, action";

/** Rows are read with the request's own rules: a row that would not be accepted today is a storage fault. */
function toDispute(row: Row): Dispute {
  const filed = decodeDisputeRequest(row);
  const signer = row.signer === null ? null : parseAddress(row.signer);
  const status = row.status === "open" || row.status === "upheld" || row.status === "rejected" ? row.status : null;
  const action = row.action === null || row.action === "remove" || row.action === "downgrade" ? row.action : undefined;
  if (E.isLeft(filed) || signer === undefined || status === null || action === undefined)
    throw new Error(`dispute row ${row.id} is not well formed`);
  const { signature: _signature, ...request } = filed.right;
  return {
    ...request,
    id: row.id,
    ownerSigned: row.owner_signed,
    signer,
    status,
    filedAt: row.filed_at,
    decidedAt: row.decided_at,
    decisionReason: row.decision_reason,
    action,
  };
}

/**
 * Disputes in `disputes` (migrations/). Deciding is one `UPDATE ... WHERE status = 'open'`: of concurrent decisions
 * the first to take the row's lock writes, the others find it decided. An address's disputes are one index read.
 */
@injectable()
export class PostgresDisputeStore implements DisputeStore {
  private readonly pool: Pool;

  constructor(@inject(PostgresDisputeStoreConfig) config: PostgresDisputeStoreConfig) {
    this.pool = config.pool;
  }

  add(d: Dispute): TE.TaskEither<UpstreamFailure, void> {
    return this.query("add", async () => {
      await this.pool.query(
        `INSERT INTO disputes (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         ON CONFLICT (id) DO NOTHING`,
        [
          d.id,
          d.address,
          d.flag,
          d.reason,
          d.evidence,
          d.contact,
          d.ownerSigned,
          d.signer,
          d.status,
          d.filedAt,
          d.decidedAt,
          d.decisionReason,
          d.action,
        ],
      );
    });
  }

  find(id: string): TE.TaskEither<UpstreamFailure, Dispute | null> {
    return this.query("find", async () => {
      const result = await this.pool.query<Row>(`SELECT ${COLUMNS} FROM disputes WHERE id = $1`, [id]);
      const row = result.rows[0];
      return row === undefined ? null : toDispute(row);
    });
  }

  forAddress(address: Address, limit: number): TE.TaskEither<UpstreamFailure, readonly Dispute[]> {
    return this.query("for address", async () => {
      const result = await this.pool.query<Row>(
        `SELECT ${COLUMNS} FROM disputes WHERE address = $1 ORDER BY seq DESC LIMIT $2`,
        [address, limit],
      );
      return result.rows.map(toDispute);
    });
  }

  decide(id: string, decision: DisputeDecision, decidedAt: string): TE.TaskEither<UpstreamFailure, DecideOutcome> {
    return this.query("decide", async (): Promise<DecideOutcome> => {
      const updated = await this.pool.query<Row>(
        `UPDATE disputes SET status = $2, decided_at = $3, decision_reason = $4, action = $5
         WHERE id = $1 AND status = 'open' RETURNING ${COLUMNS}`,
        [id, decision.status, decidedAt, decision.reason, decision.status === "upheld" ? decision.action : null],
      );
      const row = updated.rows[0];
      if (row !== undefined) return { kind: "decided", dispute: toDispute(row) };
      const standing = await this.pool.query<Row>(`SELECT ${COLUMNS} FROM disputes WHERE id = $1`, [id]);
      const current = standing.rows[0];
      return current === undefined ? { kind: "not_found" } : { kind: "already_decided", dispute: toDispute(current) };
    });
  }

  private query<T>(what: string, run: () => Promise<T>): TE.TaskEither<UpstreamFailure, T> {
    return upstreamTask("storage", `dispute store ${what}`, run);
  }
}
