import { expect } from "chai";
import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import { EthersEventDecoder, ethersSignatureParser } from "../../../../src/adapters/chain/ethers-event-decoder.adapter";
import { FollowedBlockStream } from "../../../../src/adapters/explorer/local-index/followed-block-stream";
import { InMemoryBlockAttempts } from "../../../../src/adapters/storage/in-memory-block-attempts.adapter";
import { InMemorySubscriptionStore } from "../../../../src/adapters/storage/in-memory-subscription-store.adapter";
import { InMemoryWatchCursor } from "../../../../src/adapters/storage/in-memory-watch-cursor.adapter";
import { GuardWatchWorker } from "../../../../src/adapters/workers/guard-watch.worker";
import type { WorkerLog } from "../../../../src/adapters/workers/worker";
import type { ChainReader } from "../../../../src/application/ports/chain-reader.port";
import { AlertBlockSkipped } from "../../../../src/application/use-cases/protocol-guard/alert-block-skipped.use-case";
import type { GuardScores } from "../../../../src/application/use-cases/protocol-guard/guard-scores.port";
import { WatchBlock } from "../../../../src/application/use-cases/protocol-guard/watch-block.use-case";
import { WatchBlockOrSkip } from "../../../../src/application/use-cases/protocol-guard/watch-block-or-skip.use-case";
import type { Address } from "../../../../src/domain/chain/address";
import type { Subscription, SubscriptionId } from "../../../../src/domain/protocol-guard/subscription";
import { FakeBlockChain, type BlockContent } from "../../../support/fakes/fake-block-chain";
import { fakeScorer, testQueue } from "../../../support/fakes/guard-fakes";

const POOL = ("0x" + "cc".repeat(20)) as Address;
const RISKY = ("0x" + "22".repeat(20)) as Address;
const borrow = ethersSignatureParser("event", "Borrow(address indexed user, uint256 amount)")!;
const SUB = "sub_pool" as SubscriptionId;

/** Every block: RISKY borrows from the watched pool (one on-chain event per block). */
const borrowing: BlockContent = (_number, hash) => ({
  calls: [{ hash: `${hash}-tx`, from: RISKY, to: POOL, input: "0x", success: true }],
  logs: [
    {
      address: POOL,
      topics: [borrow.hash, "0x" + "0".repeat(24) + RISKY.slice(2)],
      data: "0x" + 5n.toString(16).padStart(64, "0"),
      logIndex: 0,
      txHash: `${hash}-tx`,
    },
  ],
});

const subscription: Subscription = {
  id: SUB,
  protocolName: "P",
  status: "active",
  channels: [{ id: "ch_1", type: "webhook", url: "https://hooks.example.org/x", status: "active", secretVersion: 1 }],
  rules: [{ type: "min_score", value: 50, action: "review" }],
  contracts: [{ address: POOL, events: [borrow] }],
  manageTokenHash: "h",
  createdAt: "c",
  updatedAt: "u",
};

/** A scorer held at a gate: blocks queue up behind the one being scored until the test opens it. */
function gatedScorer() {
  const real = fakeScorer({ [RISKY]: { score: 30, tier: "LOW" } });
  let open: () => void = () => undefined;
  let gate = Promise.resolve();
  const scorer: GuardScores = {
    execute: (address) => () => gate.then(() => real.execute(address)()),
  };
  return {
    scorer,
    close: () => {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
    open: () => open(),
  };
}

describe("GuardWatchWorker across a reorganisation of the block stream", () => {
  it("drops the removed blocks still queued, rewinds its cursor and watches the new branch's blocks", async () => {
    const store = new InMemorySubscriptionStore();
    await store.create(subscription)();
    const cursor = new InMemoryWatchCursor();
    const chainReader = { block: () => TE.right(null) } as unknown as ChainReader;
    const gated = gatedScorer();
    const queue = testQueue();
    const watcher = new WatchBlock(store, cursor, gated.scorer, new EthersEventDecoder(), queue, chainReader);
    const attempts = new InMemoryBlockAttempts();
    const policy = new WatchBlockOrSkip(watcher, attempts, new AlertBlockSkipped(store, cursor, queue, attempts), {
      maxAttempts: 3,
    });
    const errors: string[] = [];
    const log: WorkerLog = {
      debug: () => undefined,
      info: () => undefined,
      warn: (_d, message) => errors.push(message),
      error: (_d, message) => errors.push(message),
    };
    const chain = new FakeBlockChain(0).mine(10, "a", borrowing);
    const stream = new FollowedBlockStream(chain, {
      confirmations: 0,
      blocksPerStep: 10,
      pollIntervalMs: 10,
      onError: () => undefined,
      maxReorgDepth: 8,
      onReorg: () => undefined,
    });
    // The index follows from genesis, as in the service: the stream has a head when the watcher starts.
    let indexed = -1;
    stream.subscribe({
      name: "index",
      position: () => indexed,
      receive: async (_blocks, _from, to) => void (indexed = to),
      rollback: async ({ ancestor }) => void (indexed = ancestor.number),
    });
    await stream.syncOnce();
    const worker = new GuardWatchWorker(watcher, policy, stream, log);
    await worker.start(); // a first start watches from the head (block 9)

    gated.close();
    chain.mine(3, "a", borrowing);
    await stream.syncOnce(); // 10, 11, 12 queued; 10 held at the scorer
    chain.fork(3, 2, "b", borrowing); // 10..12 replaced by 10b, 11b
    await stream.syncOnce();
    gated.open();
    await worker.idle();
    await worker.stop();

    const events = await store.recentEvents(SUB, 20)();
    const seen = E.isRight(events) ? events.right.map((e) => e.txHash).sort() : [];
    // Block 10 was being scored when the chain changed: it finishes; 11 and 12 (queued) are dropped.
    expect(seen).to.deep.equal(["0xa-10-tx", "0xb-10-tx", "0xb-11-tx"]);
    expect(await cursor.read()()).to.deep.equal(E.right({ number: 11, hash: "0xb-11" }));
    // No "reorganised below the cursor" error: the new branch is followed from the common ancestor.
    expect(errors).to.deep.equal([]);
  });
});
