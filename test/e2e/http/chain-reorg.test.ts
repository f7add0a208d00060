import { expect } from "chai";
import { transferAs } from "../../../scripts/guard/touch-watched-contract";
import { appWorld, type AppWorld } from "./support/app-world";
import { getJson, postJson } from "./support/http-client";

/**
 * The chain goes back (evm_revert, as a reorganisation on a real chain) and mines another block: the service's
 * index takes the removed blocks back out at its next pass and answers for the new branch, with no block mined
 * past the old head (issue 30: it used to stay ahead of the chain and answer 502 until the chain caught up).
 */
describe("HTTP e2e: answers right after a chain reorganisation (evm_snapshot, evm_revert)", function () {
  this.timeout(120_000);
  let w: AppWorld;
  before(async () => {
    w = await appWorld();
  });
  const head = async () => Number(await w.provider.send("eth_blockNumber", []));

  /** Moves the token `removed` times (blocks the index follows), reverts them, mines one other block, follows. */
  async function reorganise(removed: number): Promise<number> {
    const { washToken, washTraders } = w.manifest;
    const [trader, other] = washTraders;
    const before = await head();
    const snapshot = (await w.provider.send("evm_snapshot", [])) as string;
    try {
      for (let i = 0; i < removed; i++) await transferAs(w.app.rpcUrl, trader!, washToken, other!);
      expect(await w.app.followChain()).to.equal(before + removed);
    } finally {
      await w.provider.send("evm_revert", [snapshot]);
    }
    // Another block at the first removed height (an empty one: the shared world keeps its history).
    await w.provider.send("evm_mine", []);
    // The pass the service makes every poll interval (1 s), made now.
    expect(await w.app.followChain()).to.equal(before + 1);
    // ethers keeps an unpinned `latest` block read for 250 ms, and the staking worker read the old head during
    // the pass before the revert: outlast that cache, or the scoring head would still name a removed block.
    await new Promise((resolve) => setTimeout(resolve, 300));
    return before + 1;
  }

  /** Tokens, wallets and an NFT, the token and wallets among them touched by the removed blocks: all 200. */
  async function answersAt(expectedHead: number): Promise<void> {
    const { washToken, washTraders, healthyToken, nftOrganic } = w.manifest;
    const batch = await postJson(`${w.url}/api/batch`, {
      addresses: [washToken, ...washTraders.slice(0, 2), healthyToken],
    });
    expect(batch.status, JSON.stringify(batch.body)).to.equal(200);
    for (const address of [washToken, healthyToken]) {
      const widget = await getJson(`${w.url}/api/widget/score/${address}`);
      expect(widget.status, JSON.stringify(widget.body)).to.equal(200);
    }
    const nft = await getJson(`${w.url}/api/token-shield/nft/${nftOrganic}`);
    expect(nft.status, JSON.stringify(nft.body)).to.equal(200);
    // Nothing was mined past the old head to get there.
    expect(await head()).to.equal(expectedHead);
  }

  it("one block replaced at the same height: answers for the new branch", async () => {
    await answersAt(await reorganise(1));
  });

  it("three blocks replaced by one (the chain is now shorter than the index was): answers for the new branch", async () => {
    await answersAt(await reorganise(3));
  });
});
