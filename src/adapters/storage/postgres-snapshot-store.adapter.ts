import { createHash, randomBytes } from "node:crypto";
import * as E from "fp-ts/Either";
import * as t from "io-ts";
import { inject, injectable } from "inversify";
import type { Pool } from "pg";
import type { SnapshotStore } from "../../application/ports/snapshot-store.port";
import { asAddress, type Address } from "../../domain/chain/address";
import {
  canonicalSnapshotContent,
  SNAPSHOT_LIST_MAX,
  type Snapshot,
  type SnapshotDraft,
} from "../../domain/snapshots/snapshot";

export interface PostgresSnapshotStoreConfig {
  /** A pool on a database migrated by `migratePostgres` (table `snapshots`). */
  readonly pool: Pool;
  /** Snapshots kept per subject (older ones deleted as new ones arrive); at least what a list can ask for. */
  readonly perSubject?: number;
}

export const PostgresSnapshotStoreConfig = Symbol.for("PostgresSnapshotStoreConfig");

const Row = t.type({
  id: t.string,
  subject: t.string,
  subject_type: t.keyof({ wallet: null, token: null, nft: null, contract: null }),
  score: t.union([t.number, t.null]),
  tier: t.string,
  confidence: t.number,
  flags: t.array(t.string),
  scoring_version: t.string,
  queried_at: t.string,
  block_number: t.string,
  block_timestamp: t.string,
  content_hash: t.string,
});

const COLUMNS =
  "id, subject, subject_type, score, tier, confidence, flags, scoring_version, queried_at, block_number::text, block_timestamp::text, content_hash";

/**
 * Snapshots in PostgreSQL: they survive restarts and every instance serves every snapshot id. The
 * insert and the trim of the subject's history past `perSubject` are one statement each; rows are
 * decoded before use (a row that does not decode is a storage failure, never half a snapshot).
 */
@injectable()
export class PostgresSnapshotStore implements SnapshotStore {
  private readonly pool: Pool;
  private readonly perSubject: number;

  constructor(@inject(PostgresSnapshotStoreConfig) config: PostgresSnapshotStoreConfig) {
    this.pool = config.pool;
    this.perSubject = Math.max(SNAPSHOT_LIST_MAX, config.perSubject ?? 100);
  }

  async record(draft: SnapshotDraft): Promise<Snapshot> {
    const snapshot: Snapshot = {
      ...draft,
      flags: [...draft.flags],
      id: `snap_${randomBytes(12).toString("hex")}`,
      contentHash: `sha256:${createHash("sha256").update(canonicalSnapshotContent(draft)).digest("hex")}`,
    };
    await this.pool.query(
      `INSERT INTO snapshots (${COLUMNS.replace(/::text/g, "")})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        snapshot.id,
        snapshot.subject,
        snapshot.subjectType,
        snapshot.score,
        snapshot.tier,
        snapshot.confidence,
        JSON.stringify(snapshot.flags),
        snapshot.scoringVersion,
        snapshot.queriedAt,
        snapshot.block.number,
        snapshot.block.timestamp,
        snapshot.contentHash,
      ],
    );
    await this.pool.query(
      `DELETE FROM snapshots WHERE subject = $1 AND seq <
         (SELECT seq FROM snapshots WHERE subject = $1 ORDER BY seq DESC OFFSET $2 LIMIT 1)`,
      [snapshot.subject, this.perSubject - 1],
    );
    return snapshot;
  }

  async listFor(subject: Address, limit: number): Promise<readonly Snapshot[]> {
    const result = await this.pool.query(
      `SELECT ${COLUMNS} FROM snapshots WHERE subject = $1 ORDER BY seq DESC LIMIT $2`,
      [subject, Math.max(0, Math.min(limit, this.perSubject))],
    );
    return result.rows.map(toSnapshot);
  }

  async byId(id: string): Promise<Snapshot | null> {
    const result = await this.pool.query(`SELECT ${COLUMNS} FROM snapshots WHERE id = $1`, [id]);
    return result.rows[0] === undefined ? null : toSnapshot(result.rows[0]);
  }
}

function toSnapshot(value: unknown): Snapshot {
  const decoded = Row.decode(value);
  if (E.isLeft(decoded)) throw new Error("stored snapshot does not decode");
  const row = decoded.right;
  return {
    id: row.id,
    subject: asAddress(row.subject),
    subjectType: row.subject_type,
    score: row.score,
    tier: row.tier,
    confidence: row.confidence,
    flags: row.flags,
    scoringVersion: row.scoring_version,
    queriedAt: row.queried_at,
    block: { number: Number(row.block_number), timestamp: Number(row.block_timestamp) },
    contentHash: row.content_hash,
  };
}
