import { expect } from "chai";
import pg from "pg";
import { PostgresPaymentLedger } from "../../../src/adapters/storage/postgres-payment-ledger.adapter";
import type { PaymentKey } from "../../../src/domain/payment/payment-proof";
import { migratedSchema, type MigratedSchema } from "../../support/migrated-schema";
import { right } from "./support/task-either";
import { paymentLedgerContract } from "./payment-ledger.contract";

/** A schema of our own per run, migrated like production and dropped afterwards. */
let db: MigratedSchema;
before(async () => {
  db = await migratedSchema("ledger");
});
after(async () => db.drop());

paymentLedgerContract("postgres", () => new PostgresPaymentLedger({ pool: db.pool }));

describe("PostgresPaymentLedger durability", () => {
  it("a reservation survives a restart (a new adapter on a new pool)", async () => {
    const key = `transfer:5042002:0x${"ef".repeat(32)}:${Date.now()}` as PaymentKey;
    expect(await right(new PostgresPaymentLedger({ pool: db.pool }).reserve(key, 2_000, 1_000))).to.equal("reserved");
    const restarted = new pg.Pool({ connectionString: db.url, max: 2 });
    try {
      expect(await right(new PostgresPaymentLedger({ pool: restarted }).reserve(key, 2_000, 1_001))).to.equal(
        "already_used",
      );
    } finally {
      await restarted.end();
    }
  });

  it("a reservation older than its lease (its holder died) is claimed as uncertain by exactly one retry", async () => {
    const ledger = new PostgresPaymentLedger({ pool: db.pool, reservationLeaseMs: 5_000 });
    const [stale, fresh] = ["stale", "fresh"].map((k) => `transfer:5042002:${k}:${Date.now()}` as PaymentKey);
    await right(ledger.reserve(stale!, 2_000_000_000, 1_000));
    await right(ledger.reserve(fresh!, 2_000_000_000, 1_000));
    await db.pool.query("UPDATE payment_ledger SET reserved_at = now() - interval '6 seconds' WHERE proof_key = $1", [
      stale,
    ]);
    const claims = await Promise.all([1, 2, 3].map(() => right(ledger.claimUncertain(stale!))));
    expect(claims.filter(Boolean)).to.have.length(1);
    expect(await right(ledger.claimUncertain(fresh!))).to.equal(false);
  });

  it("a live holder renews its reservation: a computation outlasting the lease is not taken over", async () => {
    const holder = new PostgresPaymentLedger({ pool: db.pool, reservationLeaseMs: 1_500 });
    const retry = new PostgresPaymentLedger({ pool: db.pool, reservationLeaseMs: 1_500 });
    const key = `transfer:5042002:slow:${Date.now()}` as PaymentKey;
    expect(await right(holder.reserve(key, 2_000_000_000, 1_000))).to.equal("reserved");
    await new Promise((resolve) => setTimeout(resolve, 3_200)); // two leases: renewed every second meanwhile
    expect(await right(retry.claimUncertain(key))).to.equal(false);
    await right(holder.release(key));
    const rows = await db.pool.query("SELECT count(*)::int AS n FROM payment_ledger WHERE proof_key = $1", [key]);
    expect(rows.rows[0]).to.deep.equal({ n: 0 });
  });
});
