import { expect } from "chai";
import { PostgresFlagDecisionStore } from "../../../src/adapters/storage/postgres-flag-decision-store.adapter";
import { asAddress } from "../../../src/domain/chain/address";
import { migratedSchema, type MigratedSchema } from "../../support/migrated-schema";
import { flagDecisionStoreContract } from "./flag-decision-store.contract";
import { left } from "./support/task-either";

/** A schema of our own per run, migrated like production and dropped afterwards. */
let db: MigratedSchema;
before(async () => {
  db = await migratedSchema("flag_decisions");
});
after(async () => db.drop());

flagDecisionStoreContract("postgres", () => new PostgresFlagDecisionStore({ pool: db.pool }));

describe("PostgresFlagDecisionStore", () => {
  it("a stored row that no longer decodes is a storage failure, not a mark", async () => {
    const address = `0x${"e".repeat(40)}`;
    await db.pool.query(
      `INSERT INTO flag_decisions (address, flag, decision, decided_at) VALUES ($1, 'RETIRED_FLAG', 'under_review', 'x')`,
      [address],
    );
    const store = new PostgresFlagDecisionStore({ pool: db.pool });
    expect((await left(store.forAddress(asAddress(address)))).source).to.equal("storage");
  });

  it("reads an address's decisions through the (address, flag) key, and feedback by address through its index", async () => {
    // One connection: the planner setting must hold for the statements it explains.
    const client = await db.pool.connect();
    const plan = async (sql: string) =>
      JSON.stringify((await client.query(`EXPLAIN (FORMAT JSON) ${sql}`, [`0x${"f".repeat(40)}`])).rows);
    try {
      await client.query("SET enable_seqscan = off");
      expect(await plan("SELECT * FROM flag_decisions WHERE address = $1 ORDER BY flag")).to.contain(
        "flag_decisions_pkey",
      );
      expect(await plan("SELECT * FROM feedback WHERE address = $1 ORDER BY seq DESC LIMIT 50")).to.contain(
        "feedback_by_address_newest",
      );
    } finally {
      await client.query("RESET enable_seqscan");
      client.release();
    }
  });
});
