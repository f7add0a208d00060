import { expect } from "chai";
import pg from "pg";
import { PostgresSubscriptionStore } from "../../../src/adapters/storage/postgres-subscription-store.adapter";
import type { SubscriptionId } from "../../../src/domain/protocol-guard/subscription";
import { left, right } from "./support/task-either";
import { subscriptionStoreContract } from "./subscription-store.contract";

const DATABASE_URL = process.env.DATABASE_URL ?? "postgres://root@127.0.0.1:5432/test";
/** Tables of our own per run, dropped afterwards, so parallel runs and other suites never collide. */
const table = `guard_subscriptions_test_${process.pid}_${Date.now()}`;
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });

after(async () => {
  await pool.query(`DROP TABLE IF EXISTS ${table}_alerts`);
  await pool.query(`DROP TABLE IF EXISTS ${table}`);
  await pool.end();
});

subscriptionStoreContract("postgres", () => new PostgresSubscriptionStore({ pool, table }));

describe("PostgresSubscriptionStore", () => {
  it("refuses a table name that could inject SQL", () => {
    expect(() => new PostgresSubscriptionStore({ pool, table: "x; drop table y" })).to.throw(/bad table name/);
  });

  it("a row that no longer decodes is a storage failure, not a half-read subscription", async () => {
    const store = new PostgresSubscriptionStore({ pool, table });
    const id = `sub_corrupt_${Date.now()}` as SubscriptionId;
    await right(store.list(1)); // creates the tables
    await pool.query(
      `INSERT INTO ${table} (id, protocol_name, status, channels, rules, manage_token_hash, created_at, updated_at)
       VALUES ($1, 'X', 'active', '{"slack": "x"}', '[]', 'h', 'c', 'u')`,
      [id],
    );
    expect((await left(store.get(id))).source).to.equal("storage");
  });
});
