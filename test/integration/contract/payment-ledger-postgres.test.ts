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
});
