import { expect } from "chai";
import { rpcFeed } from "../../../../src/adapters/explorer/local-index/block-feed";
import { startDevWorld, type DevWorld } from "../../../../src/dev-world/dev-world";
import type { BlockActivity } from "../../../../src/domain/protocol-guard/block-activity";
import { transferAs } from "../../../../scripts/guard/touch-watched-contract";

/**
 * With an external explorer nothing else follows blocks, so the watcher's feed follows them itself:
 * from the head on a first start, from the cursor after a restart, with raw logs and call data.
 */
describe("rpcFeed (Protocol Guard's block stream when EXPLORER_API_URL is set)", function () {
  this.timeout(120_000);
  let world: DevWorld;
  before(async () => {
    world = await startDevWorld({ host: "127.0.0.1", port: 0, chainId: 5042002 });
  });
  after(async () => world?.chain.close());

  const until = async (check: () => boolean) => {
    const deadline = Date.now() + 20_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error("timed out");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it("hands over new blocks in order with their logs and call data; a restart resumes at the cursor", async () => {
    const { manifest } = world;
    const seen: BlockActivity[] = [];
    const feed = rpcFeed(world.chain.rpcUrl, () => undefined, 50);
    await feed.start(-1, (block) => seen.push(block));
    const head = seen.at(-1)?.number ?? manifest.time.seededHeadBlock;
    const receipt = await transferAs(
      world.chain.rpcUrl,
      manifest.washTraders[0]!,
      manifest.washToken,
      manifest.washTraders[1]!,
    );
    await until(() => seen.some((b) => b.number === receipt.blockNumber));
    await feed.stop();
    const mined = seen.find((b) => b.number === receipt.blockNumber)!;
    expect(mined.transactions[0]).to.deep.include({
      hash: receipt.hash,
      from: manifest.washTraders[0],
      to: manifest.washToken,
    });
    expect(mined.transactions[0]?.input.slice(0, 10)).to.equal("0xa9059cbb");
    expect(mined.logs.map((l) => l.address)).to.include(manifest.washToken);
    expect(mined.parentHash).to.match(/^0x[0-9a-f]{64}$/);
    expect(seen.map((b) => b.number)).to.deep.equal(seen.map((_, i) => (seen[0]?.number ?? 0) + i));
    expect(seen[0]?.number).to.be.at.least(head - 1);

    const resumed: BlockActivity[] = [];
    const again = rpcFeed(world.chain.rpcUrl, () => undefined, 50);
    await again.start(receipt.blockNumber, (block) => resumed.push(block));
    await again.stop();
    expect(resumed[0]?.number).to.equal(receipt.blockNumber);
    expect(resumed[0]?.hash).to.equal(mined.hash);
  });
});
