import { expect } from "chai";
import { PostgresRevocationStore } from "../../../src/adapters/storage/postgres-revocation-store.adapter";
import { migratedSchema, type MigratedSchema } from "../../support/migrated-schema";
import { left, right } from "./support/task-either";
import { revocationStoreContract } from "./revocation-store.contract";

/** A schema of our own per run, migrated like production and dropped afterwards. */
let db: MigratedSchema;
before(async () => {
  db = await migratedSchema("revocations");
});
after(async () => db.drop());

revocationStoreContract("postgres", () => new PostgresRevocationStore({ pool: db.pool }));

describe("PostgresRevocationStore", () => {
  it("survives a new instance (another process) reading the same table", async () => {
    const id = `att_${"c".repeat(31)}${Date.now() % 10}`;
    const revocation = {
      id,
      revokedAt: "2026-01-01T00:00:00.000Z",
      reason: "key_compromised" as const,
      note: "rotated",
    };
    await right(new PostgresRevocationStore({ pool: db.pool }).revoke(revocation));
    expect(await right(new PostgresRevocationStore({ pool: db.pool }).find(id))).to.deep.equal(revocation);
  });

  it("a stored id that no longer decodes is a storage failure", async () => {
    const store = new PostgresRevocationStore({ pool: db.pool });
    await db.pool.query(`INSERT INTO attestation_revocations (id, revoked_at, reason) VALUES ('bogus', 'x', 'other')`);
    expect((await left(store.find("bogus"))).source).to.equal("storage");
  });

  it("refuses a reason outside the fixed list and a note over 200 characters at the table itself", async () => {
    const id = `att_${"d".repeat(31)}${Date.now() % 10}`;
    const insert = (reason: string, note: string | null) =>
      db.pool.query(`INSERT INTO attestation_revocations (id, revoked_at, reason, note) VALUES ($1, 'x', $2, $3)`, [
        id,
        reason,
        note,
      ]);
    let refused = 0;
    for (const [reason, note] of [
      ["key rotated", null],
      ["other", "x".repeat(201)],
    ] as const)
      await insert(reason, note).catch(() => (refused += 1));
    expect(refused).to.equal(2);
  });
});
