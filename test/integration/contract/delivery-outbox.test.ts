import pg from "pg";
import { InMemoryDeliveryOutbox } from "../../../src/adapters/storage/in-memory-delivery-outbox.adapter";
import { PostgresDeliveryOutbox } from "../../../src/adapters/storage/postgres-delivery-outbox.adapter";
import { deliveryOutboxContract } from "./delivery-outbox.contract";

const DATABASE_URL = process.env.DATABASE_URL ?? "postgres://root@127.0.0.1:5432/test";
const table = `guard_outbox_test_${process.pid}_${Date.now()}`;
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });

after(async () => {
  await pool.query(`DROP TABLE IF EXISTS ${table}_attempts`);
  await pool.query(`DROP TABLE IF EXISTS ${table}`);
  await pool.end();
});

deliveryOutboxContract("in memory", () => new InMemoryDeliveryOutbox());
deliveryOutboxContract("postgres", () => new PostgresDeliveryOutbox({ pool, table }));
