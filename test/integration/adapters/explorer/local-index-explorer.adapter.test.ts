import { expect } from "chai";
import { Contract, Interface, JsonRpcProvider, Wallet } from "ethers";
import { LocalIndexExplorer } from "../../../../src/adapters/explorer/local-index-explorer.adapter";
import { asAddress } from "../../../../src/domain/chain/address";
import { startEmbeddedChain, type EmbeddedChain } from "../../../../src/dev-world/embedded-chain";
import { deployTestContract, devSigner, sendAndWait, type Deployed } from "../chain/support/deploy-test-contract";
import { buildSmallWorld, SMALL_WORLD as W, UNIT } from "../../contract/support/small-world";
import { left, right } from "../../contract/support/task-either";

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("LocalIndexExplorer on the embedded chain", function () {
  this.timeout(60_000);
  let chain: EmbeddedChain;
  let explorer: LocalIndexExplorer;

  before(async () => {
    chain = await startEmbeddedChain({ host: "127.0.0.1", port: 0 });
    await buildSmallWorld(chain);
    explorer = new LocalIndexExplorer({ rpcUrl: chain.rpcUrl, pollIntervalMs: 100 });
  });

  after(async () => {
    await explorer.stop();
    await chain.close();
  });

  it("refuses to answer before it has indexed anything, then catches up on start", async () => {
    expect((await left(explorer.transactionsOf(W.alice))).source).to.equal("explorer");
    await explorer.start();
    expect(explorer.syncedTo).to.equal(W.lastBlock);
    expect(explorer.caughtUp()).to.equal(true);
    expect(explorer.transfersIndexed).to.equal(7);
  });

  it("shows a transfer made from another client after startup within a poll or two", async () => {
    const provider = new JsonRpcProvider(chain.rpcUrl, chain.chainId, { staticNetwork: true });
    const outsider = new Wallet(chain.accounts[5]!.privateKey, provider);
    const erc20 = new Interface(["function transfer(address,uint256)"]);
    const funder = new Contract(W.token, erc20, await devSigner(chain, 0));
    await sendAndWait(funder, "transfer", [outsider.address, 5n * UNIT]);
    try {
      const started = Date.now();
      const tx = await outsider.sendTransaction({
        to: W.token,
        data: erc20.encodeFunctionData("transfer", [W.carol, 2n * UNIT]),
      });
      await tx.wait();
      const page = await eventually(
        () => right(explorer.tokenTransfersOf(W.carol)),
        (p) => p.items.length > 0,
        5_000,
      );
      expect(page.items.map((t) => [t.from, t.value, t.txHash])).to.deep.equal([
        [asAddress(outsider.address), 2n * UNIT, tx.hash],
      ]);
      expect(Date.now() - started).to.be.below(3_000);
    } finally {
      provider.destroy();
    }
  });

  it("indexes ERC-1155 single and batch transfers and their holders", async () => {
    const deployer = await devSigner(chain, 0);
    const multi: Deployed = await deployTestContract(deployer, "SmallMulti");
    await sendAndWait(multi.contract, "mint", [W.alice, 7n, 25n]);
    await sendAndWait(multi.contract, "mintBatch", [W.bob, [8n, 9n], [3n, 4n]]);
    const head = await deployer.provider.getBlockNumber();
    expect(await explorer.syncOnce()).to.equal(head);
    const page = await right(explorer.transfersOfToken(multi.address));
    expect(page.items.map((t) => [t.standard, t.to, t.tokenId, t.value])).to.deep.equal([
      ["ERC1155", W.alice, 7n, 25n],
      ["ERC1155", W.bob, 8n, 3n],
      ["ERC1155", W.bob, 9n, 4n],
    ]);
    expect((await right(explorer.nftTransfersOf(W.bob))).items.map((t) => t.token)).to.include(multi.address);
    expect((await right(explorer.holdersOf(multi.address))).items).to.deep.equal([
      { holder: W.alice, balance: 25n },
      { holder: W.bob, balance: 7n },
    ]);
  });

  it("records a reverted transaction as unsuccessful, with no transfers", async () => {
    const deployer = await devSigner(chain, 0);
    const probe = await deployTestContract(deployer, "Probe");
    const fails = new Interface(["function fails()"]).encodeFunctionData("fails");
    // Hardhat mines the reverting transaction and reports the revert to the sender.
    await deployer.sendTransaction({ to: probe.address, data: fails, gasLimit: 100_000 }).catch(() => undefined);
    await explorer.syncOnce();
    const page = await right(explorer.transactionsOf(probe.address));
    expect(page.items.map((tx) => [tx.contractCreated ?? null, tx.success])).to.deep.equal([
      [probe.address, true],
      [null, false],
    ]);
  });
});

describe("LocalIndexExplorer options and failures", function () {
  this.timeout(30_000);

  it("reports history before its first block as not covered", async () => {
    const chain = await startEmbeddedChain({ host: "127.0.0.1", port: 0 });
    const explorer = new LocalIndexExplorer({ rpcUrl: chain.rpcUrl, fromBlock: 4 });
    try {
      await buildSmallWorld(chain);
      await explorer.syncOnce();
      const page = await right(explorer.tokenTransfersOf(W.alice));
      expect(page.items.map((t) => t.blockNumber)).to.deep.equal([W.blocks.aliceToBob]);
      expect(page.coverage).to.deep.equal({ complete: false, items: 1, truncatedAt: 1, fromBlock: 4 });
      expect((await right(explorer.holdersOf(W.token))).coverage.complete).to.equal(false);
    } finally {
      await explorer.stop();
      await chain.close();
    }
  });

  it("rejects start() when the node cannot be reached", async () => {
    const explorer = new LocalIndexExplorer({
      rpcUrl: "http://127.0.0.1:9",
      retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 2 },
    });
    let error: unknown;
    await explorer.start().catch((e: unknown) => (error = e));
    expect(error).to.be.instanceOf(Error);
    expect(explorer.syncedTo).to.equal(-1);
    await explorer.stop();
  });
});
