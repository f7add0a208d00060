import { expect } from "chai";
import {
  FollowedBlockStream,
  type ReorgEvent,
} from "../../../../src/adapters/explorer/local-index/followed-block-stream";
import type { BlockSubscriber, ChainReorg, StreamedBlock } from "../../../../src/application/ports/block-stream.port";
import { FakeBlockChain } from "../../../support/fakes/fake-block-chain";

/** A subscriber that keeps the hashes it was handed, by number, and takes them back on a rollback. */
function keeper(name: string, startAfter: number | null) {
  const kept = new Map<number, string>();
  const rollbacks: ChainReorg[] = [];
  let at = startAfter;
  const state = { failRollback: false };
  const subscriber: BlockSubscriber = {
    name,
    position: () => at,
    receive: async (blocks: readonly StreamedBlock[], _from: number, to: number) => {
      for (const block of blocks) {
        if (kept.has(block.number)) throw new Error(`${name} was handed block ${block.number} twice`);
        kept.set(block.number, block.activity.hash);
      }
      at = to;
    },
    rollback: async (reorg) => {
      if (state.failRollback) throw new Error(`${name} cannot roll back`);
      rollbacks.push(reorg);
      for (const number of [...kept.keys()]) if (number > reorg.ancestor.number) kept.delete(number);
      at = reorg.ancestor.number;
    },
  };
  return { subscriber, kept, rollbacks, state, position: () => at };
}

/** The hashes the node's chain has from `from` on, as a keeper holds them. */
const chainFrom = (chain: FakeBlockChain, from: number) =>
  new Map(chain.blocks.filter((b) => b.number >= from).map((b) => [b.number, b.activity.hash]));

function streamOn(chain: FakeBlockChain, maxReorgDepth = 8, confirmations = 0) {
  const events: ReorgEvent[] = [];
  const stream = new FollowedBlockStream(chain, {
    confirmations,
    blocksPerStep: 5,
    pollIntervalMs: 10,
    onError: () => undefined,
    maxReorgDepth,
    onReorg: (event) => events.push(event),
  });
  return { stream, events };
}

describe("FollowedBlockStream across a reorganisation (fake block source)", () => {
  it("on the happy path reads each block once and compares hashes only", async () => {
    const chain = new FakeBlockChain(10);
    const { stream, events } = streamOn(chain);
    const index = keeper("index", 2);
    stream.subscribe(index.subscriber);
    await stream.syncOnce();
    chain.mine(4, "a");
    await stream.syncOnce();
    expect(chain.fetched).to.deep.equal([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(index.kept).to.deep.equal(chainFrom(chain, 3));
    expect(events).to.deep.equal([]);
  });

  it("a fork one block deep: the old head is taken back once the next block shows the other parent", async () => {
    const chain = new FakeBlockChain(10);
    const { stream, events } = streamOn(chain);
    const index = keeper("index", 4);
    stream.subscribe(index.subscriber);
    await stream.syncOnce();
    const oldHead = { number: 9, hash: chain.hashOf(9) };
    chain.fork(1, 2, "b");
    expect(await stream.syncOnce()).to.equal(10);
    expect(index.rollbacks).to.deep.equal([{ ancestor: { number: 8, hash: "0xa-8" }, removed: oldHead }]);
    expect(index.kept).to.deep.equal(chainFrom(chain, 5));
    expect(chain.rollbacks).to.deep.equal([8]);
    expect(events).to.deep.equal([
      {
        kind: "rolled back",
        depth: 1,
        ancestor: { number: 8, hash: "0xa-8" },
        removed: oldHead,
        replaced: { number: 9, oldHash: "0xa-9", newHash: "0xb-9" },
      },
    ]);
    expect(stream.latest).to.deep.equal({ number: 10, hash: "0xb-10" });
  });

  it("a block replaced at the same height is found at the next poll from the head's hash, no further block needed", async () => {
    const chain = new FakeBlockChain(10);
    const { stream, events } = streamOn(chain);
    const index = keeper("index", 4);
    stream.subscribe(index.subscriber);
    await stream.syncOnce();
    const read = chain.fetched.length;
    await stream.syncOnce(); // an idle poll reads no block
    expect(chain.fetched.length).to.equal(read);
    chain.fork(1, 1, "b");
    expect(await stream.syncOnce()).to.equal(9);
    expect(index.kept).to.deep.equal(chainFrom(chain, 5));
    expect(events.map((e) => e.kind === "rolled back" && e.replaced)).to.deep.equal([
      { number: 9, oldHash: "0xa-9", newHash: "0xb-9" },
    ]);
  });

  it("a fork three blocks deep with a longer new branch: every subscriber past the ancestor follows the new one", async () => {
    const chain = new FakeBlockChain(20);
    const { stream, events } = streamOn(chain);
    const index = keeper("index", 9);
    const live = keeper("live", null);
    stream.subscribe(index.subscriber);
    stream.subscribe(live.subscriber);
    await stream.syncOnce();
    chain.fork(3, 5, "b");
    await stream.syncOnce();
    expect(index.kept).to.deep.equal(chainFrom(chain, 10));
    expect(index.rollbacks.map((r) => r.ancestor.number)).to.deep.equal([16]);
    // The head-only subscriber had nothing before the fork, then blocks 17..21 of the new branch.
    expect(live.kept).to.deep.equal(chainFrom(chain, 17));
    expect(events.map((e) => e.kind === "rolled back" && [e.depth, e.replaced])).to.deep.equal([
      [3, { number: 17, oldHash: "0xa-17", newHash: "0xb-17" }],
    ]);
  });

  it("a head going backwards to another branch is rolled back at once, before the chain is past the old head", async () => {
    const chain = new FakeBlockChain(20);
    const { stream, events } = streamOn(chain);
    const index = keeper("index", -1);
    stream.subscribe(index.subscriber);
    await stream.syncOnce();
    // evm_revert three blocks, then one different block: the node's head is two below ours.
    chain.fork(3, 1, "b");
    expect(await stream.syncOnce()).to.equal(17);
    expect(index.kept).to.deep.equal(chainFrom(chain, 0));
    expect(index.position()).to.equal(17);
    expect(stream.latest).to.deep.equal({ number: 17, hash: "0xb-17" });
    expect(events.map((e) => e.kind === "rolled back" && [e.depth, e.ancestor.number])).to.deep.equal([[3, 16]]);
  });

  it("a lagging node (head below ours, on our branch) is waited for: nothing is rolled back", async () => {
    const chain = new FakeBlockChain(20);
    const { stream, events } = streamOn(chain);
    const index = keeper("index", 9);
    stream.subscribe(index.subscriber);
    await stream.syncOnce();
    chain.lag = 3;
    expect(await stream.syncOnce()).to.equal(16);
    chain.lag = 0;
    chain.mine(1, "a");
    await stream.syncOnce();
    expect(index.rollbacks).to.deep.equal([]);
    expect(events).to.deep.equal([]);
    expect(index.kept).to.deep.equal(chainFrom(chain, 10));
  });

  it("a reorganisation deeper than the bound is refused, nothing rolled back, until the node holds our head again", async () => {
    const chain = new FakeBlockChain(30);
    const { stream, events } = streamOn(chain, 4);
    const index = keeper("index", 19);
    stream.subscribe(index.subscriber);
    await stream.syncOnce();
    const ours = chain.blocks.slice();
    chain.fork(6, 8, "b");
    const refused = await stream.syncOnce().then(
      () => "",
      (error: Error) => error.message,
    );
    expect(refused).to.include("deeper than REORG_MAX_DEPTH (4)");
    expect(refused).to.include("0xa-29");
    expect(index.rollbacks).to.deep.equal([]);
    expect(index.kept).to.deep.equal(new Map(ours.slice(20).map((b) => [b.number, b.activity.hash])));
    expect(chain.rollbacks).to.deep.equal([]);
    expect(events.map((e) => e.kind)).to.deep.equal(["too deep"]);
    // Still refused at the next poll (one block read to check), and not logged again.
    const read = chain.fetched.length;
    expect(await stream.syncOnce().catch((error: Error) => error.message)).to.equal(refused);
    expect(chain.fetched.length - read).to.equal(1);
    expect(events).to.have.length(1);
    // The node comes back to our branch (it was a node on another fork): the stream goes on.
    chain.blocks.splice(0, chain.blocks.length, ...ours);
    chain.mine(2, "a");
    await stream.syncOnce();
    expect(index.kept).to.deep.equal(chainFrom(chain, 20));
  });

  it("a subscriber that fails to roll back fails the pass; the next poll rolls back only what is still past the ancestor", async () => {
    const chain = new FakeBlockChain(20);
    const { stream, events } = streamOn(chain);
    const steady = keeper("steady", 9);
    const flaky = keeper("flaky", 9);
    stream.subscribe(steady.subscriber);
    stream.subscribe(flaky.subscriber);
    await stream.syncOnce();
    chain.fork(2, 3, "b");
    flaky.state.failRollback = true;
    const failed = await stream.syncOnce().then(
      () => "",
      (error: Error) => error.message,
    );
    expect(failed).to.include("flaky cannot roll back");
    expect(events).to.deep.equal([]);
    flaky.state.failRollback = false;
    await stream.syncOnce();
    expect(steady.rollbacks.map((r) => r.ancestor.number)).to.deep.equal([17]);
    expect(flaky.rollbacks.map((r) => r.ancestor.number)).to.deep.equal([17]);
    expect(steady.kept).to.deep.equal(chainFrom(chain, 10));
    expect(flaky.kept).to.deep.equal(chainFrom(chain, 10));
    expect(events).to.have.length(1);
  });

  it("a far subscriber's catch-up over blocks already handed out finds a change there too (behind a lag)", async () => {
    const chain = new FakeBlockChain(20);
    // One block of lag: the head (18) is not checked while it equals ours, so only the far range sees the change.
    const { stream } = streamOn(chain, 8, 1);
    const live = keeper("live", 15);
    stream.subscribe(live.subscriber);
    await stream.syncOnce();
    chain.fork(2, 2, "b");
    const far = keeper("far", 12);
    stream.subscribe(far.subscriber);
    await stream.syncOnce();
    expect(live.rollbacks.map((r) => r.ancestor.number)).to.deep.equal([17]);
    expect(live.kept).to.deep.equal(new Map([16, 17, 18].map((n) => [n, chain.hashOf(n)])));
    expect(far.kept).to.deep.equal(new Map([13, 14, 15, 16, 17, 18].map((n) => [n, chain.hashOf(n)])));
  });
});
