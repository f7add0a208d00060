import type * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Pool } from "pg";
import type { UpstreamFailure } from "../../application/failures";
import type { RevocationStore } from "../../application/ports/revocation-store.port";
import {
  isRevocationReason,
  parseAttestationId,
  revocationNote,
  type Revocation,
} from "../../domain/gating/revocation";
import { upstreamTask } from "../shared/upstream-task";

export interface PostgresRevocationStoreConfig {
  /** A pool on a database migrated by `migratePostgres` (table `attestation_revocations`). */
  readonly pool: Pool;
}

export const PostgresRevocationStoreConfig = Symbol.for("PostgresRevocationStoreConfig");

interface Row {
  id: string;
  revoked_at: string;
  reason: string;
  note: string | null;
}

const COLUMNS = "id, revoked_at, reason, note";

/**
 * Revocations in PostgreSQL: `INSERT ... ON CONFLICT DO NOTHING` then a read, so of concurrent
 * revocations of one id (on any instance) exactly one is recorded and every caller sees it.
 */
@injectable()
export class PostgresRevocationStore implements RevocationStore {
  private readonly pool: Pool;
  private readonly table = "attestation_revocations";

  constructor(@inject(PostgresRevocationStoreConfig) config: PostgresRevocationStoreConfig) {
    this.pool = config.pool;
  }

  revoke(revocation: Revocation): TE.TaskEither<UpstreamFailure, Revocation> {
    return this.query("revoke", async () => {
      await this.pool.query(
        `INSERT INTO ${this.table} (${COLUMNS}) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING`,
        [revocation.id, revocation.revokedAt, revocation.reason, revocation.note],
      );
      const stored = await this.pool.query<Row>(`SELECT ${COLUMNS} FROM ${this.table} WHERE id = $1`, [revocation.id]);
      const row = stored.rows[0];
      if (row === undefined) throw new Error(`revocation ${revocation.id} vanished after insert`);
      return toRevocation(row);
    });
  }

  find(id: string): TE.TaskEither<UpstreamFailure, Revocation | null> {
    return this.query("find", async () => {
      const result = await this.pool.query<Row>(`SELECT ${COLUMNS} FROM ${this.table} WHERE id = $1`, [id]);
      const row = result.rows[0];
      return row === undefined ? null : toRevocation(row);
    });
  }

  list(limit: number): TE.TaskEither<UpstreamFailure, readonly Revocation[]> {
    return this.query("list", async () => {
      const result = await this.pool.query<Row>(`SELECT ${COLUMNS} FROM ${this.table} ORDER BY seq DESC LIMIT $1`, [
        Math.max(0, limit),
      ]);
      return result.rows.map(toRevocation);
    });
  }

  private query<T>(what: string, run: () => Promise<T>): TE.TaskEither<UpstreamFailure, T> {
    return upstreamTask("storage", `revocation store ${what}`, run);
  }
}

/** Rows are read with the request's own rules: a row that would not be accepted today is a storage fault. */
function toRevocation(row: Row): Revocation {
  const note = revocationNote(row.note);
  if (parseAttestationId(row.id) !== row.id || !isRevocationReason(row.reason) || note === undefined)
    throw new Error(`stored revocation ${row.id} does not decode`);
  return { id: row.id, revokedAt: row.revoked_at, reason: row.reason, note };
}
