import { expect } from "chai";
import pg from "pg";
import { PostgresPaymentLedger } from "../../../src/adapters/storage/postgres-payment-ledger.adapter";
import type { PaymentKey } from "../../../src/domain/payment/payment-proof";
import { right } from "./support/task-either";
import { paymentLedgerContract } from "./payment-ledger.contract";

const DATABASE_URL = process.env.DATABASE_URL ?? "postgres://root@127.0.0.1:5432/test";
/** A table of our own per run, dropped afterwards, so parallel runs and other suites never collide. */
const table = `payment_ledger_test_${process.pid}_${Date.now()}`;
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });

after(async () => {
  await pool.query(`DROP TABLE IF EXISTS ${table}`);
  await pool.end();
});

paymentLedgerContract("postgres", () => new PostgresPaymentLedger({ pool, table }));

describe("PostgresPaymentLedger durability", () => {
  it("a reservation survives a restart (a new adapter on a new pool)", async () => {
    const key = `transfer:5042002:0x${"ef".repeat(32)}:${Date.now()}` as PaymentKey;
    expect(await right(new PostgresPaymentLedger({ pool, table }).reserve(key, 2_000, 1_000))).to.equal("reserved");
    const restarted = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
    try {
      expect(await right(new PostgresPaymentLedger({ pool: restarted, table }).reserve(key, 2_000, 1_001))).to.equal(
        "already_used",
      );
    } finally {
      await restarted.end();
    }
  });

  it("refuses a table name that could inject SQL", () => {
    expect(() => new PostgresPaymentLedger({ pool, table: "x; drop table y" })).to.throw(/bad table name/);
  });
});
