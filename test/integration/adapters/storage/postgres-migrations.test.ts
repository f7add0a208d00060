import { expect } from "chai";
import pg from "pg";
import { migratePostgres } from "../../../../src/adapters/storage/postgres-migrations";
import { DATABASE_URL, withSearchPath } from "../../../support/migrated-schema";

/** An empty schema of our own (not migrated yet), dropped afterwards. */
async function emptySchema(label: string): Promise<{ url: string; admin: pg.Client; schema: string }> {
  const schema = `t_${label}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  return { url: withSearchPath(DATABASE_URL, schema), admin, schema };
}

async function tablesIn(admin: pg.Client, schema: string): Promise<string[]> {
  const result = await admin.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1",
    [schema],
  );
  return result.rows.map((row) => row.name);
}

describe("PostgreSQL migrations (node-pg-migrate, migrations/*.sql)", () => {
  it("two instances starting at once: both succeed, every migration applies exactly once", async () => {
    const { url, admin, schema } = await emptySchema("migrate_race");
    try {
      const [a, b] = await Promise.all([migratePostgres(url), migratePostgres(url)]);
      expect([...a, ...b]).to.have.length.greaterThan(0);
      expect(a.length === 0 || b.length === 0).to.equal(true);
      expect(await migratePostgres(url)).to.deep.equal([]);
      const tables = await tablesIn(admin, schema);
      expect(tables).to.include.members(["pgmigrations", "payment_ledger", "protocol_guard_subscriptions"]);
      const recorded = await admin.query(`SELECT name FROM ${schema}.pgmigrations`);
      expect(recorded.rowCount).to.equal([...a, ...b].length);
    } finally {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  });

  it("adopts a ledger table made by a release that created it in the adapter, keeping its rows", async () => {
    const { url, admin, schema } = await emptySchema("migrate_adopt");
    try {
      await admin.query(`CREATE TABLE ${schema}.payment_ledger (proof_key text PRIMARY KEY,
        status text NOT NULL CHECK (status IN ('reserved', 'settled')), expires_at bigint NOT NULL, payer text,
        value numeric(78, 0), transaction text, reserved_at timestamptz NOT NULL DEFAULT now(), settled_at timestamptz)`);
      await admin.query(
        `INSERT INTO ${schema}.payment_ledger (proof_key, status, expires_at) VALUES ('k', 'settled', 0)`,
      );
      await migratePostgres(url);
      await admin.query(
        `INSERT INTO ${schema}.payment_ledger (proof_key, status, expires_at) VALUES ('k2', 'spent', 0)`,
      );
      const rows = await admin.query(`SELECT proof_key FROM ${schema}.payment_ledger ORDER BY 1`);
      expect(rows.rows.map((r: { proof_key: string }) => r.proof_key)).to.deep.equal(["k", "k2"]);
    } finally {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  });
});
