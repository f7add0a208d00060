import { expect } from "chai";
import { PostgresDisputeStore } from "../../../src/adapters/storage/postgres-dispute-store.adapter";
import { PostgresFlagDecisionStore } from "../../../src/adapters/storage/postgres-flag-decision-store.adapter";
import { asAddress } from "../../../src/domain/chain/address";
import { migratedSchema, type MigratedSchema } from "../../support/migrated-schema";
import { disputeStoreContract } from "./dispute-store.contract";
import { left, right } from "./support/task-either";

/** A schema of our own per run, migrated like production and dropped afterwards. */
let db: MigratedSchema;
before(async () => {
  db = await migratedSchema("disputes");
});
after(async () => db.drop());

disputeStoreContract("postgres", () => new PostgresDisputeStore({ pool: db.pool }));

describe("PostgresDisputeStore", () => {
  it("a stored row that no longer decodes is a storage failure, not a dispute", async () => {
    const address = `0x${"d".repeat(40)}`;
    await db.pool.query(
      `INSERT INTO disputes (id, address, flag, reason, owner_signed, status, filed_at)
       VALUES ('dsp_retired', $1, 'RETIRED_FLAG', 'r', false, 'open', 'x')`,
      [address],
    );
    const store = new PostgresDisputeStore({ pool: db.pool });
    expect((await left(store.forAddress(asAddress(address), 10))).source).to.equal("storage");
  });

  it("reads an address's disputes through (address, seq DESC)", async () => {
    const client = await db.pool.connect();
    try {
      await client.query("SET enable_seqscan = off");
      const plan = await client.query(
        "EXPLAIN (FORMAT JSON) SELECT * FROM disputes WHERE address = $1 ORDER BY seq DESC LIMIT 20",
        [`0x${"f".repeat(40)}`],
      );
      expect(JSON.stringify(plan.rows)).to.contain("disputes_by_address_newest");
    } finally {
      await client.query("RESET enable_seqscan");
      client.release();
    }
  });

  it("flag_decisions accepts the outcomes an upheld dispute records", async () => {
    const store = new PostgresFlagDecisionStore({ pool: db.pool });
    const address = asAddress(`0x${"c".repeat(40)}`);
    const removed = {
      address,
      flag: "CANNOT_SELL_ALL" as const,
      decision: "flag_removed" as const,
      note: "dispute upheld",
      decidedAt: "2026-01-01T00:00:00.000Z",
    };
    const downgraded = { ...removed, flag: "ANTI_WHALE" as const, decision: "flag_downgraded" as const };
    await right(store.record(removed));
    await right(store.record(downgraded));
    expect(await right(store.forAddress(address))).to.deep.equal([downgraded, removed]);
  });
});
