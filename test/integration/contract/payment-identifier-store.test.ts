import { InMemoryPaymentIdentifierStore } from "../../../src/adapters/storage/in-memory-payment-identifier-store.adapter";
import { PostgresPaymentIdentifierStore } from "../../../src/adapters/storage/postgres-payment-identifier-store.adapter";
import { migratedSchema, type MigratedSchema } from "../../support/migrated-schema";
import { paymentIdentifierStoreContract } from "./payment-identifier-store.contract";

/** A schema of our own per run, migrated like production and dropped afterwards. */
let db: MigratedSchema;
before(async () => {
  db = await migratedSchema("payment_ids");
});
after(async () => db.drop());

paymentIdentifierStoreContract("in-memory", () => new InMemoryPaymentIdentifierStore());
paymentIdentifierStoreContract("postgres", () => new PostgresPaymentIdentifierStore({ pool: db.pool }));
