import { expect } from "chai";
import pg from "pg";
import { PostgresGraphTrustStore } from "../../../src/adapters/storage/postgres-graph-trust-store.adapter";
import { migratedSchema, type MigratedSchema } from "../../support/migrated-schema";
import { graphTrustStoreContract, snapshot } from "./graph-trust-store.contract";

const CHAIN = 5042002;

describe("PostgresGraphTrustStore", () => {
  let db: MigratedSchema;
  beforeEach(async () => {
    db = await migratedSchema("graph_trust", 6);
  });
  afterEach(async () => db.drop());

  const readErrors: unknown[] = [];
  const store = (writer = "a", chainId = CHAIN) =>
    new PostgresGraphTrustStore({ pool: db.pool, chainId, writer, onReadError: (e) => readErrors.push(e) });
  beforeEach(() => (readErrors.length = 0));

  graphTrustStoreContract("postgres", () => store());

  it("another instance reads what one saved, and reads the row again only once a newer one is stored", async () => {
    const writer = store("a");
    const reader = store("b");
    const first = snapshot(700);
    await writer.save(first);
    const read = await reader.refresh();
    expect(read).to.deep.equal(first);
    // Nothing newer: the same object is kept, no blob read and decoded again.
    expect(await reader.refresh()).to.equal(read);
    await writer.save(snapshot(701));
    expect((await reader.refresh())?.asOfBlock).to.equal(701);
    expect(reader.latest()?.asOfBlock).to.equal(701);
  });

  it("concurrent writers from separate instances: the newest block is what every instance reads", async () => {
    const blocks = [803, 801, 805, 802, 804];
    const results = await Promise.all(blocks.map((b, i) => store(`w${i}`).save(snapshot(b))));
    expect(results[blocks.indexOf(805)]).to.equal(true);
    const { rows } = await db.pool.query("SELECT as_of_block::int AS block, written_by FROM graph_trust_snapshot");
    expect(rows).to.deep.equal([{ block: 805, written_by: `w${blocks.indexOf(805)}` }]);
    expect((await store("reader").refresh())?.asOfBlock).to.equal(805);
    // A writer refused because a newer one was stored holds that newer one afterwards.
    const late = store("late");
    expect(await late.save(snapshot(790))).to.equal(false);
    expect(late.latest()?.asOfBlock).to.equal(805);
  });

  it("trust is packed at 23 bytes a wallet and round-trips exactly (60,000 wallets: decoded over two turns)", async () => {
    const big = snapshot(900, "2026-11-26T12:00:00.000Z", 60_000);
    await store().save(big);
    const { rows } = await db.pool.query<{ bytes: number }>(
      "SELECT octet_length(trust) AS bytes FROM graph_trust_snapshot",
    );
    expect(rows[0]?.bytes).to.equal(60_000 * 23);
    expect((await store("b").refresh())?.trust).to.deep.equal(big.trust);
  });

  it("one row per chain: another chain's snapshot is not read", async () => {
    await store("a", 1).save(snapshot(1000));
    expect(await store("b", 2).refresh()).to.equal(null);
  });

  it("a row that does not decode is reported and never half read: the held snapshot keeps answering", async () => {
    const reader = store("b");
    await store("a").save(snapshot(4));
    expect((await reader.refresh())?.asOfBlock).to.equal(4);
    await db.pool.query(`UPDATE graph_trust_snapshot SET as_of_block = 5, seeds = '["not an address"]'`);
    expect((await reader.refresh())?.asOfBlock).to.equal(4);
    expect(await store("c").refresh()).to.equal(null);
    expect(readErrors.map(String)).to.deep.equal([
      "Error: graph_trust_snapshot row does not decode",
      "Error: graph_trust_snapshot row does not decode",
    ]);
  });

  it("PostgreSQL unreachable: a refresh reports it and answers from the snapshot held", async () => {
    const own = new pg.Pool({ connectionString: db.url, max: 1 });
    const reader = new PostgresGraphTrustStore({
      pool: own,
      chainId: CHAIN,
      writer: "b",
      onReadError: (e) => readErrors.push(e),
    });
    await store("a").save(snapshot(6));
    expect((await reader.refresh())?.asOfBlock).to.equal(6);
    await own.end();
    await store("a").save(snapshot(7));
    expect((await reader.refresh())?.asOfBlock).to.equal(6);
    expect(readErrors).to.have.length(1);
  });
});
