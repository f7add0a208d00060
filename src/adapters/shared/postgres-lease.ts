import type { Pool } from "pg";

export type LeaseChange =
  /** This instance holds the lease and nobody held it before (a first start, or after a clean hand-back). */
  | { readonly kind: "became" }
  /** This instance took the lease over from a holder that stopped renewing it (killed, or cut off). */
  | { readonly kind: "took over"; readonly previous: string }
  /** The lease could not be renewed in time: this instance stops leading (a chain follower reads published blocks). */
  | { readonly kind: "lost" };

/** The lease tables (migrations 1764000000035 and 1764000000061): same shape, one row per chain. */
export type LeaseTable = "chain_follower_lease" | "graph_trust_lease";

export interface PostgresLeaseOptions {
  readonly pool: Pool;
  /** Which leadership: following the chain, or computing graph trust. */
  readonly table: LeaseTable;
  readonly chainId: number;
  /** This instance's id (unique per process). */
  readonly holder: string;
  readonly leaseSeconds: number;
  readonly onChange: (change: LeaseChange) => void;
  readonly onError: (error: unknown) => void;
}

/**
 * Leader election by lease in PostgreSQL: one row per chain (in the lease's table) with a holder and an
 * expiry. The holder renews it every third of the lease; anyone may take it once it has expired (a holder killed with -9
 * hands over within one lease). The holder counts itself leader only until its last renewal's lease
 * runs out by its own clock, measured from before the renewal was sent, so two never lead at once
 * for long (a deposed holder's late writes must be harmless: blocks are published once per number, a
 * graph-trust snapshot replaces only an older one).
 */
export class PostgresLease {
  private validUntil = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly options: PostgresLeaseOptions) {}

  /** True while this instance holds an unexpired lease. */
  get held(): boolean {
    return Date.now() < this.validUntil;
  }

  /** One attempt now (so the first poll knows its role), then one per third of the lease. */
  async start(): Promise<void> {
    await this.attempt();
    this.schedule();
  }

  /** Stops renewing and hands the lease back, so a successor need not wait for it to expire. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.validUntil === 0) return;
    this.validUntil = 0;
    await this.options.pool
      .query(`DELETE FROM ${this.options.table} WHERE chain_id = $1 AND holder = $2`, [
        this.options.chainId,
        this.options.holder,
      ])
      .catch(this.options.onError);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(
      () => void this.attempt().finally(() => this.schedule()),
      (this.options.leaseSeconds * 1000) / 3,
    );
    this.timer.unref();
  }

  private async attempt(): Promise<void> {
    const wasHeld = this.held;
    const sentAt = Date.now();
    const table = this.options.table;
    try {
      const { rows } = await this.options.pool.query<{ got: string | null; previous: string | null }>(
        `WITH previous AS (SELECT holder FROM ${table} WHERE chain_id = $1),
         taken AS (
           INSERT INTO ${table} (chain_id, holder, expires_at)
           VALUES ($1, $2, now() + make_interval(secs => $3))
           ON CONFLICT (chain_id) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
             WHERE ${table}.holder = EXCLUDED.holder OR ${table}.expires_at < now()
           RETURNING holder)
         SELECT (SELECT holder FROM taken) AS got, (SELECT holder FROM previous) AS previous`,
        [this.options.chainId, this.options.holder, this.options.leaseSeconds],
      );
      const row = rows[0];
      if (this.stopped) return;
      if (row?.got === this.options.holder) {
        this.validUntil = sentAt + this.options.leaseSeconds * 1000;
        if (!wasHeld)
          this.options.onChange(
            row.previous === null || row.previous === this.options.holder
              ? { kind: "became" }
              : { kind: "took over", previous: row.previous },
          );
        return;
      }
    } catch (error) {
      this.options.onError(error);
    }
    if (wasHeld && !this.held) this.options.onChange({ kind: "lost" });
  }
}
