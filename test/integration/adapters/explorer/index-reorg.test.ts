import { expect } from "chai";
import * as E from "fp-ts/Either";
import type * as TE from "fp-ts/TaskEither";
import { Contract } from "ethers";
import { LocalIndexExplorer } from "../../../../src/adapters/explorer/local-index-explorer.adapter";
import { PostgresIndexExplorer } from "../../../../src/adapters/explorer/postgres-index-explorer.adapter";
import { RpcBlockStream } from "../../../../src/adapters/explorer/local-index/rpc-block-stream";
import type { ExplorerHistory } from "../../../../src/application/ports/explorer-history.port";
import type { Address } from "../../../../src/domain/chain/address";
import { startEmbeddedChain, type EmbeddedChain } from "../../../../src/dev-world/embedded-chain";
import { migratedSchema, type MigratedSchema } from "../../../support/migrated-schema";
import { deployTestContract, devSigner, sendAndWait } from "../chain/support/deploy-test-contract";
import { buildSmallWorld, SMALL_WORLD, UNIT } from "../../contract/support/small-world";

const CHAIN_ID = 5042002;
const ERC20 = ["function transfer(address to, uint256 value) returns (bool)"];
const ERC721 = ["function mint(address to, uint256 id)"];

async function answer<T>(task: TE.TaskEither<unknown, T>): Promise<T> {
  const result = await task();
  if (E.isLeft(result)) throw new Error(`index failed: ${JSON.stringify(result.left)}`);
  return result.right;
}

/** Everything the index answers about the world's parties, tokens and contracts (holders sorted: order is not part of it). */
async function everything(history: ExplorerHistory, contracts: readonly Address[]) {
  const w = SMALL_WORLD;
  const parties = [w.deployer, w.alice, w.bob, w.carol, w.stranger];
  const byHolder = (a: { holder: string }, b: { holder: string }) => a.holder.localeCompare(b.holder);
  return {
    parties: await Promise.all(
      parties.map(async (p) => ({
        txs: (await answer(history.transactionsOf(p))).items,
        erc20: (await answer(history.tokenTransfersOf(p))).items,
        nft: (await answer(history.nftTransfersOf(p))).items,
      })),
    ),
    tokens: await Promise.all(
      [w.token, w.nft].map(async (t) => ({
        transfers: (await answer(history.transfersOfToken(t))).items,
        holders: [...(await answer(history.holdersOf(t))).items].sort(byHolder),
      })),
    ),
    creations: await Promise.all(contracts.map((c) => answer(history.contractCreation(c)))),
  };
}

/**
 * The chain goes back (evm_revert) and takes another branch: both indexes (in memory and PostgreSQL) answer
 * for the new branch at their next poll, exactly as an index built afresh on it does, with no block mined past
 * the old head.
 */
describe("the chain index across a reorganisation (embedded chain: evm_snapshot, evm_revert)", function () {
  this.timeout(120_000);
  let chain: EmbeddedChain;
  let db: MigratedSchema;
  let memory: LocalIndexExplorer;
  let durable: PostgresIndexExplorer;
  /** The PostgreSQL index's stream, driven by the test. */
  let stream: RpcBlockStream;
  const send = (method: string, params: unknown[] = []) => chain.provider.request({ method, params });
  const head = async () => Number(await send("eth_blockNumber"));

  before(async () => {
    chain = await startEmbeddedChain({ host: "127.0.0.1", port: 0 });
    await buildSmallWorld(chain);
    db = await migratedSchema("index_reorg", 6);
    const options = { rpcUrl: chain.rpcUrl, pollIntervalMs: 60_000, batchSize: 4 };
    memory = new LocalIndexExplorer(options);
    stream = new RpcBlockStream(options);
    durable = new PostgresIndexExplorer({ ...options, stream, pool: db.pool, chainId: CHAIN_ID, fromBlock: 0 });
    await memory.start();
    await durable.start();
    await stream.syncOnce();
  });
  after(async () => {
    await memory?.stop();
    await durable?.stop();
    await stream?.stop();
    await db?.drop();
    await chain?.close();
  });

  it("both indexes take the removed blocks back out and follow the new branch at once", async () => {
    const w = SMALL_WORLD;
    const [deployer, alice, bob] = await Promise.all([devSigner(chain, 0), devSigner(chain, 1), devSigner(chain, 2)]);
    const snapshot = await send("evm_snapshot");
    // The branch that goes away: a token move, a deployment, an NFT mint (blocks 10..12).
    await sendAndWait(new Contract(w.token, ERC20, alice), "transfer", [w.carol, 10n * UNIT]);
    const removed = await deployTestContract(deployer, "SmallToken", [5n * UNIT]);
    await sendAndWait(new Contract(w.nft, ERC721, deployer), "mint", [w.carol, 9n]);
    expect(await memory.syncOnce()).to.equal(12);
    await stream.syncOnce();
    expect(durable.syncedTo).to.equal(12);
    const contracts = [w.token, w.nft, removed.address];
    expect((await everything(memory, contracts)).creations[2]).to.not.equal(null);

    await send("evm_revert", [snapshot]);
    // The new branch: one other transfer (block 10), two blocks shorter than the old one.
    await sendAndWait(new Contract(w.token, ERC20, bob), "transfer", [w.stranger, 7n * UNIT]);
    expect(await head()).to.equal(10);
    expect(await memory.syncOnce()).to.equal(10);
    await stream.syncOnce();
    expect(durable.syncedTo).to.equal(10);

    const fresh = new LocalIndexExplorer({ rpcUrl: chain.rpcUrl, pollIntervalMs: 60_000 });
    await fresh.start();
    try {
      const expected = await everything(fresh, contracts);
      expect(expected.creations[2]).to.equal(null);
      expect(expected.parties[4]!.erc20).to.have.length(1);
      expect(await everything(memory, contracts)).to.deep.equal(expected);
      expect(await everything(durable, contracts)).to.deep.equal(expected);
      expect(memory.transfersIndexed).to.equal(fresh.transfersIndexed);
    } finally {
      await fresh.stop();
    }
    const balances = await db.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM chain_index_balances WHERE balance <= 0",
    );
    expect(balances.rows[0]?.n).to.equal(0);
  });
});
