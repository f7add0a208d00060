import { expect } from "chai";
import * as E from "fp-ts/Either";
import { PostgresIndexExplorer } from "../../../src/adapters/explorer/postgres-index-explorer.adapter";
import { startEmbeddedChain, type EmbeddedChain } from "../../../src/dev-world/embedded-chain";
import { migratedSchema, type MigratedSchema } from "../../support/migrated-schema";
import { explorerHistoryContract } from "./explorer-history.contract";
import { factoryCreationsContract } from "./explorer-history.factory-creations.contract";
import { buildFactoryWorld } from "./support/factory-world";
import { buildSmallWorld, SMALL_WORLD } from "./support/small-world";

const CHAIN_ID = 5042002;

explorerHistoryContract("PostgresIndexExplorer on the embedded chain", async () => {
  const chain = await startEmbeddedChain({ host: "127.0.0.1", port: 0 });
  await buildSmallWorld(chain);
  const db = await migratedSchema("chain_index", 6);
  const history = new PostgresIndexExplorer({
    rpcUrl: chain.rpcUrl,
    pool: db.pool,
    chainId: CHAIN_ID,
    fromBlock: 0,
    pollIntervalMs: 200,
    batchSize: 4,
  });
  await history.start();
  if (history.syncedTo !== SMALL_WORLD.lastBlock) throw new Error(`indexed to ${history.syncedTo}`);
  return {
    history,
    close: async () => {
      await history.stop();
      await db.drop();
      await chain.close();
    },
  };
});

factoryCreationsContract("PostgresIndexExplorer on the embedded chain", async () => {
  const chain = await startEmbeddedChain({ host: "127.0.0.1", port: 0 });
  const world = await buildFactoryWorld(chain);
  const db = await migratedSchema("chain_index_factory", 6);
  const history = new PostgresIndexExplorer({
    rpcUrl: chain.rpcUrl,
    pool: db.pool,
    chainId: CHAIN_ID,
    fromBlock: 0,
    pollIntervalMs: 200,
    batchSize: 3,
  });
  await history.start();
  if (history.syncedTo !== world.lastBlock) throw new Error(`indexed to ${history.syncedTo}`);
  return {
    history,
    world,
    creationSource: history.creationSource,
    close: async () => {
      await history.stop();
      await db.drop();
      await chain.close();
    },
  };
});

describe("PostgresIndexExplorer: durable cursor, one writer, indexed range", function () {
  this.timeout(60_000);
  let chain: EmbeddedChain;
  let db: MigratedSchema;
  before(async () => {
    chain = await startEmbeddedChain({ host: "127.0.0.1", port: 0 });
    await buildSmallWorld(chain);
    db = await migratedSchema("chain_index_cursor", 6);
  });
  after(async () => {
    await db.drop();
    await chain.close();
  });

  const explorer = (fromBlock = 0) =>
    new PostgresIndexExplorer({
      rpcUrl: chain.rpcUrl,
      pool: db.pool,
      chainId: CHAIN_ID,
      fromBlock,
      pollIntervalMs: 100,
      batchSize: 2,
    });

  it("one instance writes, a second only reads; after a restart the writer resumes from the cursor", async () => {
    const first = explorer();
    await first.start();
    const second = explorer();
    await second.start();
    expect([first.isWriter, second.isWriter]).to.deep.equal([true, false]);
    expect(second.syncedTo).to.equal(SMALL_WORLD.lastBlock);
    const rows = async () =>
      Number((await db.pool.query("SELECT count(*) AS n FROM chain_index_transactions")).rows[0].n);
    const indexed = await rows();
    await first.stop();
    // The writer's lock went with it: the reader takes over on its next poll, from the cursor, writing nothing twice.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(second.isWriter).to.equal(true);
    expect(await rows()).to.equal(indexed);
    await second.stop();
  });

  it("an index in another schema of the same database has a writer of its own", async () => {
    const here = explorer();
    await here.start();
    const elsewhere = await migratedSchema("chain_index_other", 6);
    const there = new PostgresIndexExplorer({
      rpcUrl: chain.rpcUrl,
      pool: elsewhere.pool,
      chainId: CHAIN_ID,
      fromBlock: 0,
    });
    try {
      await there.start();
      expect([here.isWriter, there.isWriter]).to.deep.equal([true, true]);
    } finally {
      await there.stop();
      await here.stop();
      await elsewhere.drop();
    }
  });

  it("refuses an index built from another chain", async () => {
    await db.pool.query("UPDATE chain_index_cursor SET genesis_hash = '0xother'");
    let refused = "";
    await explorer()
      .start()
      .catch((error: Error) => (refused = error.message));
    expect(refused).to.match(/belongs to chain/);
    await db.pool.query(
      "TRUNCATE chain_index_cursor, chain_index_transactions, chain_index_transfers, chain_index_creations, chain_index_balances",
    );
  });

  it("INDEX_FROM_BLOCK: history before it is stated as not covered", async () => {
    const from = Math.max(1, SMALL_WORLD.lastBlock - 1);
    const late = explorer(from);
    await late.start();
    const page = await late.transactionsOf(SMALL_WORLD.carol)();
    expect(E.isRight(page) && page.right.coverage).to.deep.include({ complete: false, fromBlock: from });
    await late.stop();
  });
});
