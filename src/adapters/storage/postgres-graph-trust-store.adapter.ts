import type { Pool } from "pg";
import {
  newerSnapshot,
  type GraphTrustSnapshot,
  type GraphTrustStore,
} from "../../application/ports/graph-trust-store.port";
import { decodeSnapshot, encodeSnapshot } from "./graph-trust-snapshot-codec";

export interface PostgresGraphTrustStoreOptions {
  /** A pool on a database migrated by `migratePostgres` (table `graph_trust_snapshot`). */
  readonly pool: Pool;
  readonly chainId: number;
  /** This instance's id, kept with what it writes (who computed the snapshot). */
  readonly writer: string;
  /** A refresh that failed (PostgreSQL unreachable, a row that does not decode): the held snapshot still answers. */
  readonly onReadError: (error: unknown) => void;
}

const COLUMNS = "as_of_block::text, computed_at, seeds, clusters, trust";

/**
 * Graph-trust snapshots in PostgreSQL, one row per chain: the lease holder writes, every instance reads.
 * The newest snapshot is also held in memory, so latest() stays synchronous; refresh() asks for the row
 * only when it is newer than the one held, so a check costs one small query and the blob (23 bytes a
 * wallet) is read once per new snapshot; a refresh that fails keeps the held one. A write replaces the row
 * only when it is newer, in one statement, so of concurrent writers the newest wins whatever their order.
 */
export class PostgresGraphTrustStore implements GraphTrustStore {
  private held: GraphTrustSnapshot | null = null;
  private interim: GraphTrustSnapshot | null = null;
  private refreshing: Promise<GraphTrustSnapshot | null> | null = null;

  constructor(private readonly options: PostgresGraphTrustStoreOptions) {}

  latest(): GraphTrustSnapshot | null {
    return this.interim !== null && newerSnapshot(this.interim, this.held) ? this.interim : this.held;
  }

  showInterim(snapshot: GraphTrustSnapshot): void {
    this.interim = snapshot;
  }

  async save(snapshot: GraphTrustSnapshot): Promise<boolean> {
    this.interim = null;
    const stored = encodeSnapshot(snapshot);
    const { rowCount } = await this.options.pool.query(
      `INSERT INTO graph_trust_snapshot AS s (chain_id, as_of_block, computed_at, seeds, clusters, trust, written_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (chain_id) DO UPDATE SET as_of_block = EXCLUDED.as_of_block, computed_at = EXCLUDED.computed_at,
         seeds = EXCLUDED.seeds, clusters = EXCLUDED.clusters, trust = EXCLUDED.trust,
         written_by = EXCLUDED.written_by, written_at = now()
       WHERE s.as_of_block < EXCLUDED.as_of_block
          OR (s.as_of_block = EXCLUDED.as_of_block AND s.computed_at::timestamptz < EXCLUDED.computed_at::timestamptz)`,
      [
        this.options.chainId,
        stored.asOfBlock,
        stored.computedAt,
        stored.seeds,
        stored.clusters,
        stored.trust,
        this.options.writer,
      ],
    );
    if (rowCount === 1) {
      if (newerSnapshot(snapshot, this.held)) this.held = snapshot;
      return true;
    }
    await this.refresh();
    return false;
  }

  /** Concurrent calls share one query. */
  refresh(): Promise<GraphTrustSnapshot | null> {
    return (this.refreshing ??= this.readNewer().finally(() => (this.refreshing = null)));
  }

  private async readNewer(): Promise<GraphTrustSnapshot | null> {
    try {
      await this.readNewerRow();
    } catch (error) {
      // Like scoring without PostgreSQL: answer from what is held (stale, never half a snapshot) and say so.
      this.options.onReadError(error);
    }
    return this.latest();
  }

  private async readNewerRow(): Promise<void> {
    const held = this.held;
    const { rows } = await this.options.pool.query(
      `SELECT ${COLUMNS} FROM graph_trust_snapshot
       WHERE chain_id = $1
         AND ($2::bigint IS NULL OR as_of_block > $2
              OR (as_of_block = $2 AND computed_at::timestamptz > $3::timestamptz))`,
      [this.options.chainId, held?.asOfBlock ?? null, held?.computedAt ?? null],
    );
    if (rows[0] !== undefined) {
      const stored = await decodeSnapshot(rows[0]);
      // Another refresh or a save may have moved on while this one read.
      if (newerSnapshot(stored, this.held)) this.held = stored;
    }
  }
}
