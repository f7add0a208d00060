import { expect } from "chai";
import { RpcBlockStream } from "../../../../src/adapters/explorer/local-index/rpc-block-stream";
import type { BlockSubscriber, StreamedBlock } from "../../../../src/application/ports/block-stream.port";
import { startDevWorld, type DevWorld } from "../../../../src/dev-world/dev-world";
import { transferAs } from "../../../../scripts/guard/touch-watched-contract";

/** A subscriber that keeps what it is handed; `failing` rejects while it is true. */
function recorder(name: string, startAfter: number | null) {
  const seen: StreamedBlock[] = [];
  const ranges: [number, number][] = [];
  let at = startAfter;
  const state = { failing: false };
  const subscriber: BlockSubscriber = {
    name,
    position: () => at,
    receive: async (blocks, from, to) => {
      if (state.failing) throw new Error(`${name} is down`);
      seen.push(...blocks);
      ranges.push([from, to]);
      at = to;
    },
    rollback: async ({ ancestor }) => {
      const kept = seen.filter((b) => b.number <= ancestor.number);
      seen.splice(0, seen.length, ...kept);
      at = ancestor.number;
    },
  };
  return { subscriber, seen, ranges, state };
}

const numbers = (blocks: readonly StreamedBlock[]) => blocks.map((b) => b.number);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The one chain follower of a process: every subscriber is handed the blocks after its own position,
 * in order and once, with raw logs and call data; a failed subscriber is offered its range again.
 */
describe("RpcBlockStream (the process's chain follower)", function () {
  this.timeout(120_000);
  let world: DevWorld;
  before(async () => {
    world = await startDevWorld({ host: "127.0.0.1", port: 0, chainId: 5042002 });
  });
  after(async () => world?.chain.close());

  const headNumber = async () => Number(await world.chain.provider.request({ method: "eth_blockNumber" }));
  const until = async (check: () => boolean) => {
    const deadline = Date.now() + 20_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error("timed out");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it("hands a head-only subscriber new blocks in order with their logs and call data; a cursor resumes", async () => {
    const { manifest } = world;
    const live = recorder("live", null);
    const stream = new RpcBlockStream({ rpcUrl: world.chain.rpcUrl, pollIntervalMs: 50 });
    stream.subscribe(live.subscriber);
    await stream.start();
    expect(live.seen).to.deep.equal([]);
    const receipt = await transferAs(
      world.chain.rpcUrl,
      manifest.washTraders[0]!,
      manifest.washToken,
      manifest.washTraders[1]!,
    );
    await until(() => live.seen.some((b) => b.number === receipt.blockNumber));
    await stream.stop();
    const mined = live.seen.find((b) => b.number === receipt.blockNumber)!.activity;
    expect(mined.transactions[0]).to.deep.include({
      hash: receipt.hash,
      from: manifest.washTraders[0],
      to: manifest.washToken,
    });
    expect(mined.transactions[0]?.input.slice(0, 10)).to.equal("0xa9059cbb");
    expect(mined.logs.map((l) => l.address)).to.include(manifest.washToken);
    expect(mined.parentHash).to.match(/^0x[0-9a-f]{64}$/);
    expect(numbers(live.seen)).to.deep.equal(range(live.seen[0]!.number, receipt.blockNumber));
    expect(stream.latest).to.deep.equal({ number: receipt.blockNumber, hash: mined.hash });

    // A restart: a subscriber whose cursor is the block before resumes exactly there.
    const resumed = recorder("resumed", receipt.blockNumber - 1);
    const again = new RpcBlockStream({ rpcUrl: world.chain.rpcUrl });
    again.subscribe(resumed.subscriber);
    await again.syncOnce();
    expect(resumed.seen[0]?.activity.hash).to.equal(mined.hash);
    expect(numbers(resumed.seen)).to.deep.equal([receipt.blockNumber]);
  });

  it("serves subscribers at different positions: the live one first, a far one in bounded steps, each block once", async () => {
    const head = await headNumber();
    const stream = new RpcBlockStream({ rpcUrl: world.chain.rpcUrl, batchSize: 5, maxConcurrent: 2 });
    const near = recorder("near", head - 3);
    const far = recorder("far", head - 25);
    stream.subscribe(near.subscriber);
    stream.subscribe(far.subscriber);
    expect(await stream.syncOnce()).to.equal(head);
    expect(numbers(near.seen)).to.deep.equal(range(head - 2, head));
    expect(numbers(far.seen)).to.deep.equal(range(head - 24, head));
    // The near one was served before the far one's first step; the far one in steps of at most 10 blocks.
    expect(near.ranges[0]).to.deep.equal([head - 2, head]);
    expect(far.ranges.every(([from, to]) => to - from < 10)).to.equal(true);
    expect(stream.caughtUp).to.equal(true);
  });

  it("a subscriber that fails keeps its position and is offered the range again; the others go on", async () => {
    const head = await headNumber();
    const stream = new RpcBlockStream({ rpcUrl: world.chain.rpcUrl });
    const healthy = recorder("healthy", head - 4);
    const flaky = recorder("flaky", head - 4);
    flaky.state.failing = true;
    stream.subscribe(healthy.subscriber);
    stream.subscribe(flaky.subscriber);
    const failed = await stream.syncOnce().then(
      () => "",
      (error: Error) => error.message,
    );
    expect(failed).to.include("flaky");
    expect(stream.caughtUp).to.equal(false);
    expect(numbers(healthy.seen)).to.deep.equal(range(head - 3, head));
    expect(flaky.seen).to.deep.equal([]);
    flaky.state.failing = false;
    await stream.syncOnce();
    expect(numbers(flaky.seen)).to.deep.equal(range(head - 3, head));
    expect(numbers(healthy.seen)).to.deep.equal(range(head - 3, head));
  });
});
