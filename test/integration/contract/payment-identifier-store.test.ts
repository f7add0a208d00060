import pg from "pg";
import { InMemoryPaymentIdentifierStore } from "../../../src/adapters/storage/in-memory-payment-identifier-store.adapter";
import { PostgresPaymentIdentifierStore } from "../../../src/adapters/storage/postgres-payment-identifier-store.adapter";
import { paymentIdentifierStoreContract } from "./payment-identifier-store.contract";

const DATABASE_URL = process.env.DATABASE_URL ?? "postgres://root@127.0.0.1:5432/test";
const table = `payment_ids_test_${process.pid}_${Date.now()}`;
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });

after(async () => {
  await pool.query(`DROP TABLE IF EXISTS ${table}`);
  await pool.end();
});

paymentIdentifierStoreContract("in-memory", () => new InMemoryPaymentIdentifierStore());
paymentIdentifierStoreContract("postgres", () => new PostgresPaymentIdentifierStore({ pool, table }));
