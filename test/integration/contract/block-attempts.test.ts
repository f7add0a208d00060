import { expect } from "chai";
import { InMemoryBlockAttempts } from "../../../src/adapters/storage/in-memory-block-attempts.adapter";
import { PostgresBlockAttempts } from "../../../src/adapters/storage/postgres-block-attempts.adapter";
import { migratedSchema, type MigratedSchema } from "../../support/migrated-schema";
import { blockAttemptsContract } from "./block-attempts.contract";
import { right } from "./support/task-either";

blockAttemptsContract("in-memory", () => {
  const store = new InMemoryBlockAttempts();
  return [store, store];
});

/** A schema of our own per run, migrated like production and dropped afterwards. */
let db: MigratedSchema | undefined;
let keys = 0;
const pool = () => {
  if (db === undefined) throw new Error("schema not ready");
  return db.pool;
};

describe("PostgresBlockAttempts", () => {
  before(async () => {
    db = await migratedSchema("attempts");
  });
  after(async () => db?.drop());

  // Each test a key (a chain) of its own; two adapters on one key are two instances of one deployment.
  blockAttemptsContract("postgres", () => {
    const key = `chain-${++keys}`;
    return [new PostgresBlockAttempts({ pool: pool(), key }), new PostgresBlockAttempts({ pool: pool(), key })];
  });

  it("keeps the last reason, and other chains' counts apart", async () => {
    const a = new PostgresBlockAttempts({ pool: pool(), key: "named-a" });
    const b = new PostgresBlockAttempts({ pool: pool(), key: "named-b" });
    await right(a.recordFailure({ number: 5, hash: "0x5" }, 0, "first"));
    await right(a.recordFailure({ number: 5, hash: "0x5" }, 1, "second"));
    expect(await right(b.recordFailure({ number: 5, hash: "0x5" }, 0, "other"))).to.equal(1);
    const rows = await pool().query(
      `SELECT key, attempts, reason FROM protocol_guard_block_attempts WHERE key LIKE 'named-%' ORDER BY key`,
    );
    expect(rows.rows).to.deep.equal([
      { key: "named-a", attempts: 2, reason: "second" },
      { key: "named-b", attempts: 1, reason: "other" },
    ]);
  });
});
