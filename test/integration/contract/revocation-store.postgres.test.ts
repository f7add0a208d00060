import { expect } from "chai";
import pg from "pg";
import { PostgresRevocationStore } from "../../../src/adapters/storage/postgres-revocation-store.adapter";
import { left, right } from "./support/task-either";
import { revocationStoreContract } from "./revocation-store.contract";

const DATABASE_URL = process.env.DATABASE_URL ?? "postgres://root@127.0.0.1:5432/test";
/** A table of our own per run, dropped afterwards. */
const table = `revocations_test_${process.pid}_${Date.now()}`;
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });

after(async () => {
  await pool.query(`DROP TABLE IF EXISTS ${table}`);
  await pool.end();
});

revocationStoreContract("postgres", () => new PostgresRevocationStore({ pool, table }));

describe("PostgresRevocationStore", () => {
  it("refuses a table name that could inject SQL", () => {
    expect(() => new PostgresRevocationStore({ pool, table: "x; drop table y" })).to.throw(/bad table name/);
  });

  it("survives a new instance (another process) reading the same table", async () => {
    const id = `att_${"c".repeat(31)}${Date.now() % 10}`;
    const revocation = { id, revokedAt: "2026-01-01T00:00:00.000Z", reason: "compromised" };
    await right(new PostgresRevocationStore({ pool, table }).revoke(revocation));
    expect(await right(new PostgresRevocationStore({ pool, table }).find(id))).to.deep.equal(revocation);
  });

  it("a stored id that no longer decodes is a storage failure", async () => {
    const store = new PostgresRevocationStore({ pool, table });
    await right(store.list(1));
    await pool.query(`INSERT INTO ${table} (id, revoked_at, reason) VALUES ('bogus', 'x', 'y')`);
    expect((await left(store.find("bogus"))).source).to.equal("storage");
    await pool.query(`DELETE FROM ${table} WHERE id = 'bogus'`);
  });
});
