import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Pool } from "pg";
import type { UpstreamFailure } from "../../application/failures";
import type {
  PaymentLedger,
  PaymentRecord,
  PaymentTotals,
  ReserveOutcome,
} from "../../application/ports/payment-ledger.port";
import { asAddress } from "../../domain/chain/address";
import type { ChainTime, TxHash } from "../../domain/chain/chain-types";
import type { PaymentKey } from "../../domain/payment/payment-proof";
import type { Settlement } from "../../domain/payment/settlement-response";
import { upstreamTask } from "../shared/upstream-task";

export interface PostgresPaymentLedgerConfig {
  /** A pool on a database migrated by `migratePostgres` (the table is `payment_ledger` in its schema). */
  readonly pool: Pool;
  /**
   * How long a reservation stays held without a sign of life from its instance; past it, a retry of
   * the payment may claim it as uncertain and look on chain (the holder died). Default 120 s.
   */
  readonly reservationLeaseMs?: number;
}

export const DEFAULT_RESERVATION_LEASE_MS = 120_000;

/** However long a computation runs, a reservation is not kept alive past this: a stuck holder lets go. */
const MAX_HOLD_MS = 10 * 60_000;

export const PostgresPaymentLedgerConfig = Symbol.for("PostgresPaymentLedgerConfig");

interface Row {
  proof_key: string;
  status: "reserved" | "settled" | "spent" | "uncertain";
  expires_at: string;
  payer: string | null;
  value: string | null;
  transaction: string | null;
}

/**
 * Ledger in PostgreSQL, so reservations survive restarts and hold across instances. The
 * primary key on the proof key makes `reserve` one atomic INSERT ... ON CONFLICT: a conflicting
 * row is taken over only when it was never settled and has expired.
 *
 * A lease tells a dead holder from a slow one: while this instance holds reservations it renews
 * their `reserved_at` every third of the lease, so only a holder that stopped renewing (killed) is
 * taken over. A fixed lease alone let a live instance whose computation outlasted it (a loaded
 * machine) be taken over mid-flight, and one payment was then answered twice.
 */
@injectable()
export class PostgresPaymentLedger implements PaymentLedger {
  private readonly pool: Pool;
  private readonly table = "payment_ledger";
  private readonly leaseMs: number;
  /** Reservations this instance holds -> when it took them (wall clock). */
  private readonly held = new Map<PaymentKey, number>();
  private renewal: NodeJS.Timeout | null = null;

  constructor(@inject(PostgresPaymentLedgerConfig) config: PostgresPaymentLedgerConfig) {
    this.pool = config.pool;
    this.leaseMs = config.reservationLeaseMs ?? DEFAULT_RESERVATION_LEASE_MS;
  }

  reserve(key: PaymentKey, expiresAt: ChainTime, now: ChainTime): TE.TaskEither<UpstreamFailure, ReserveOutcome> {
    return this.query("reserve", async () => {
      const result = await this.pool.query(
        `INSERT INTO ${this.table} (proof_key, status, expires_at) VALUES ($1, 'reserved', $2)
         ON CONFLICT (proof_key) DO UPDATE SET expires_at = EXCLUDED.expires_at, reserved_at = now()
         WHERE ${this.table}.status = 'reserved' AND ${this.table}.expires_at <= $3
         RETURNING proof_key`,
        [key, expiresAt, now],
      );
      if (result.rowCount !== 1) return "already_used";
      this.hold(key);
      return "reserved";
    });
  }

  markSettled(key: PaymentKey, settlement: Settlement): TE.TaskEither<UpstreamFailure, void> {
    return this.query("mark settled", async () => {
      this.letGo(key);
      await this.pool.query(
        `INSERT INTO ${this.table} (proof_key, status, expires_at, payer, value, transaction, settled_at)
         VALUES ($1, 'settled', 0, $2, $3, $4, now())
         ON CONFLICT (proof_key) DO UPDATE SET status = 'settled', payer = $2, value = $3, transaction = $4, settled_at = now()`,
        [key, settlement.payer, settlement.value.toString(), settlement.transaction],
      );
    });
  }

  spend(key: PaymentKey): TE.TaskEither<UpstreamFailure, void> {
    return this.query("spend", async () => {
      await this.pool.query(
        `INSERT INTO ${this.table} (proof_key, status, expires_at) VALUES ($1, 'spent', 0)
         ON CONFLICT (proof_key) DO UPDATE SET status = 'spent' WHERE ${this.table}.status = 'reserved'`,
        [key],
      );
    });
  }

  markUncertain(key: PaymentKey): TE.TaskEither<UpstreamFailure, void> {
    return this.query("mark uncertain", async () => {
      this.letGo(key);
      await this.pool.query(
        `UPDATE ${this.table} SET status = 'uncertain' WHERE proof_key = $1 AND status = 'reserved'`,
        [key],
      );
    });
  }

  claimUncertain(key: PaymentKey): TE.TaskEither<UpstreamFailure, boolean> {
    return this.query("claim uncertain", async () => {
      const result = await this.pool.query(
        `UPDATE ${this.table} SET status = 'reserved', reserved_at = now() WHERE proof_key = $1
           AND (status = 'uncertain' OR (status = 'reserved' AND reserved_at < now() - make_interval(secs => $2::float8 / 1000)))
         RETURNING proof_key`,
        [key, this.leaseMs],
      );
      if (result.rowCount !== 1) return false;
      this.hold(key);
      return true;
    });
  }

  release(key: PaymentKey): TE.TaskEither<UpstreamFailure, void> {
    return this.query("release", async () => {
      this.letGo(key);
      await this.pool.query(`DELETE FROM ${this.table} WHERE proof_key = $1 AND status = 'reserved'`, [key]);
    });
  }

  find(key: PaymentKey): TE.TaskEither<UpstreamFailure, PaymentRecord | null> {
    return this.query("find", async () => {
      const result = await this.pool.query<Row>(
        `SELECT proof_key, status, expires_at::text, payer, value::text, transaction FROM ${this.table} WHERE proof_key = $1`,
        [key],
      );
      const row = result.rows[0];
      return row === undefined ? null : toRecord(row);
    });
  }

  totals(): TE.TaskEither<UpstreamFailure, PaymentTotals> {
    return this.query("totals", async () => {
      const result = await this.pool.query<{ paid: string; moved: string }>(
        `SELECT count(*)::text AS paid, coalesce(sum(value), 0)::text AS moved FROM ${this.table} WHERE status = 'settled'`,
      );
      const row = result.rows[0];
      return { paidQueries: Number(row?.paid ?? 0), valueMoved: BigInt(row?.moved ?? 0) };
    });
  }

  private hold(key: PaymentKey): void {
    this.held.set(key, Date.now());
    this.renewal ??= setInterval(() => void this.renewHeld(), Math.max(1_000, this.leaseMs / 3)).unref();
  }

  private letGo(key: PaymentKey): void {
    this.held.delete(key);
    if (this.held.size > 0 || this.renewal === null) return;
    clearInterval(this.renewal);
    this.renewal = null;
  }

  /** One UPDATE for every live reservation; a failed renewal is retried at the next tick (the lease allows two misses). */
  private async renewHeld(): Promise<void> {
    const now = Date.now();
    for (const [key, since] of this.held) if (now - since > MAX_HOLD_MS) this.letGo(key);
    if (this.held.size === 0) return;
    await this.pool
      .query(`UPDATE ${this.table} SET reserved_at = now() WHERE proof_key = ANY($1::text[]) AND status = 'reserved'`, [
        [...this.held.keys()],
      ])
      .catch(() => undefined);
  }

  private query<T>(what: string, run: () => Promise<T>): TE.TaskEither<UpstreamFailure, T> {
    return upstreamTask("storage", `payment ledger ${what}`, run);
  }
}

function toRecord(row: Row): PaymentRecord {
  return {
    key: row.proof_key as PaymentKey,
    status: row.status,
    expiresAt: Number(row.expires_at),
    payer: row.payer === null ? null : asAddress(row.payer),
    value: row.value === null ? null : BigInt(row.value),
    transaction: row.transaction as TxHash | null,
  };
}
