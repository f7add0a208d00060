import { expect } from "chai";
import { PostgresSnapshotStore } from "../../../src/adapters/storage/postgres-snapshot-store.adapter";
import type { Address } from "../../../src/domain/chain/address";
import { migratedSchema, type MigratedSchema } from "../../support/migrated-schema";
import { draft, snapshotStoreContract } from "./snapshot-store.contract";

describe("PostgresSnapshotStore", () => {
  let db: MigratedSchema;
  beforeEach(async () => {
    db = await migratedSchema("snapshots", 4);
  });
  afterEach(async () => db.drop());

  snapshotStoreContract("postgres", () => new PostgresSnapshotStore({ pool: db.pool }));

  it("keeps a bounded history per subject and forgets ids it dropped", async () => {
    const store = new PostgresSnapshotStore({ pool: db.pool, perSubject: 50 });
    const subject = ("0x" + "d".repeat(40)) as Address;
    const first = await store.record(draft(subject, 0));
    for (let i = 1; i <= 50; i++) await store.record(draft(subject, i));
    expect(await store.byId(first.id)).to.equal(null);
    expect((await store.listFor(subject, 100)).length).to.equal(50);
  });

  it("survives a restart: another adapter (another instance) serves the same snapshot", async () => {
    const recorded = await new PostgresSnapshotStore({ pool: db.pool }).record(
      draft(("0x" + "e".repeat(40)) as Address, 7),
    );
    expect(await new PostgresSnapshotStore({ pool: db.pool }).byId(recorded.id)).to.deep.equal(recorded);
  });

  it("a row that no longer decodes is a failure, not half a snapshot", async () => {
    await db.pool.query(`INSERT INTO snapshots (id, subject, subject_type, score, tier, confidence, flags,
      scoring_version, queried_at, block_number, block_timestamp, content_hash)
      VALUES ('snap_bad0bad0bad0bad0', '0x${"f".repeat(40)}', 'martian', 1, 'LOW', 5, '[]', 'v1.0', 'x', 1, 1, 'h')`);
    let failed = false;
    await new PostgresSnapshotStore({ pool: db.pool }).byId("snap_bad0bad0bad0bad0").catch(() => (failed = true));
    expect(failed).to.equal(true);
  });
});
