import { expect } from "chai";
import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import { EthersEventDecoder, ethersSignatureParser } from "../../../../src/adapters/chain/ethers-event-decoder.adapter";
import { InMemoryBlockAttempts } from "../../../../src/adapters/storage/in-memory-block-attempts.adapter";
import { InMemoryDeliveryOutbox } from "../../../../src/adapters/storage/in-memory-delivery-outbox.adapter";
import { InMemorySubscriptionStore } from "../../../../src/adapters/storage/in-memory-subscription-store.adapter";
import { InMemoryWatchCursor } from "../../../../src/adapters/storage/in-memory-watch-cursor.adapter";
import { resumeGuardCursor, rewindGuardCursor } from "../../../../src/adapters/workers/guard-cursor";
import type { WorkerLog } from "../../../../src/adapters/workers/worker";
import type { BlockStream } from "../../../../src/application/ports/block-stream.port";
import type { ChainReader } from "../../../../src/application/ports/chain-reader.port";
import { AlertBlockSkipped } from "../../../../src/application/use-cases/protocol-guard/alert-block-skipped.use-case";
import type { GuardScores } from "../../../../src/application/use-cases/protocol-guard/guard-scores.port";
import { WatchBlock } from "../../../../src/application/use-cases/protocol-guard/watch-block.use-case";
import { WatchBlockOrSkip } from "../../../../src/application/use-cases/protocol-guard/watch-block-or-skip.use-case";
import type { Address } from "../../../../src/domain/chain/address";
import type { BlockActivity } from "../../../../src/domain/protocol-guard/block-activity";
import { partitionOf, partitionsOf, type GuardPartition } from "../../../../src/domain/protocol-guard/guard-partition";
import type { Subscription, SubscriptionId } from "../../../../src/domain/protocol-guard/subscription";
import { fakeScorer, testQueue } from "../../../support/fakes/guard-fakes";

const POOL = ("0x" + "cc".repeat(20)) as Address;
const RISKY = ("0x" + "22".repeat(20)) as Address;
const borrow = ethersSignatureParser("event", "Borrow(address indexed user, uint256 amount)")!;
const [P0, P1] = partitionsOf(2) as [GuardPartition, GuardPartition];
/** sub_a and sub_b fall in partitions 1 and 0 of 2 (asserted below, so a changed hash fails here first). */
const IN_P1 = "sub_a" as SubscriptionId;
const IN_P0 = "sub_b" as SubscriptionId;

const block = (n: number, hash = `0xh${n}`): BlockActivity => ({
  number: n,
  hash,
  parentHash: `0xh${n - 1}`,
  timestamp: 1_700_000_000 + n,
  transactions: [{ hash: `0xt${n}`, from: RISKY, to: POOL, input: "0x", success: true }],
  logs: [
    {
      address: POOL,
      topics: [borrow.hash, "0x" + "0".repeat(24) + RISKY.slice(2)],
      data: "0x" + 5n.toString(16).padStart(64, "0"),
      logIndex: 0,
      txHash: `0xt${n}`,
    },
  ],
});

const subscription = (id: SubscriptionId): Subscription => ({
  id,
  protocolName: `P ${id}`,
  status: "active",
  channels: [{ id: "ch_1", type: "webhook", url: "https://hooks.example.org/x", status: "active", secretVersion: 1 }],
  rules: [{ type: "min_score", value: 50, action: "review" }],
  contracts: [{ address: POOL, events: [borrow] }],
  manageTokenHash: "h",
  createdAt: "c",
  updatedAt: "u",
});

const quiet: WorkerLog = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

describe("WatchBlock by partition (GUARD_WORK_PARTITIONS)", () => {
  let store: InMemorySubscriptionStore;
  let cursor: InMemoryWatchCursor;
  let attempts: InMemoryBlockAttempts;
  let outbox: InMemoryDeliveryOutbox;
  const onChain = new Map<number, string>();
  const chain = {
    block: (n: number) => TE.right(onChain.has(n) ? { number: n, timestamp: 0, hash: onChain.get(n)! } : null),
  } as unknown as ChainReader;
  const watcher = (scorer: GuardScores = fakeScorer({ [RISKY]: { score: 30, tier: "LOW" } })) =>
    new WatchBlock(store, cursor, scorer, new EthersEventDecoder(), testQueue(outbox), chain);
  const alertsOf = async (id: SubscriptionId) => {
    const alerts = await store.recentAlerts(id, 20)();
    return E.isRight(alerts) ? alerts.right.map((a) => [a.kind ?? "wallet", a.blockNumber]) : [];
  };
  const at = async (partition: GuardPartition) => {
    const read = await cursor.read(partition)();
    return E.isRight(read) ? read.right : "failed";
  };

  beforeEach(async () => {
    store = new InMemorySubscriptionStore();
    cursor = new InMemoryWatchCursor();
    attempts = new InMemoryBlockAttempts();
    outbox = new InMemoryDeliveryOutbox();
    onChain.clear();
    await store.create(subscription(IN_P1))();
    await store.create(subscription(IN_P0))();
  });

  it("the fixtures' subscriptions fall in different partitions", () => {
    expect([partitionOf(IN_P0, 2), partitionOf(IN_P1, 2)]).to.deep.equal([0, 1]);
  });

  it("watches only its partition's subscriptions, and moves only its own cursor", async () => {
    const w = watcher();
    expect(await w.execute(block(10), P0)()).to.deep.equal(
      E.right({ kind: "processed", block: 10, events: 1, alerts: 1 }),
    );
    expect(await alertsOf(IN_P0)).to.deep.equal([["wallet", 10]]);
    expect(await alertsOf(IN_P1)).to.deep.equal([]);
    expect(await at(P0)).to.deep.equal({ number: 10, hash: "0xh10" });
    expect(await at(P1)).to.equal(null);

    expect(await w.execute(block(10), P1)()).to.deep.equal(
      E.right({ kind: "processed", block: 10, events: 1, alerts: 1 }),
    );
    expect(await alertsOf(IN_P1)).to.deep.equal([["wallet", 10]]);
    const due = await outbox.claimDue(Date.UTC(2030, 0), 10, 1000)();
    expect(E.isRight(due) && due.right.map((d) => d.subscriptionId).sort()).to.deep.equal([IN_P1, IN_P0].sort());
  });

  it("keeps each partition's block order on its own: one partition ahead skips what it did, the other goes on", async () => {
    const w = watcher();
    for (const n of [10, 11, 12]) await w.execute(block(n), P0)();
    await w.execute(block(10), P1)();
    expect(await w.execute(block(11), P0)()).to.deep.equal(E.right({ kind: "skipped", block: 11 }));
    expect(await w.execute(block(11), P1)()).to.deep.equal(
      E.right({ kind: "processed", block: 11, events: 1, alerts: 1 }),
    );
    expect(await alertsOf(IN_P0)).to.deep.equal([
      ["wallet", 12],
      ["wallet", 11],
      ["wallet", 10],
    ]);
    expect(await alertsOf(IN_P1)).to.deep.equal([
      ["wallet", 11],
      ["wallet", 10],
    ]);
  });

  it("a reorganisation rewinds every partition past the ancestor; the stream resumes after the furthest behind", async () => {
    const w = watcher();
    for (const n of [10, 11, 12]) await w.execute(block(n), P0)();
    await w.execute(block(10), P1)();
    await rewindGuardCursor(
      w,
      { number: 11, hash: "0xh11" },
      quiet,
      { stopped: () => false, pause: async () => undefined },
      [P0, P1],
    );
    expect(await at(P0)).to.deep.equal({ number: 11, hash: "0xh11" });
    expect(await at(P1)).to.deep.equal({ number: 10, hash: "0xh10" }, "behind the ancestor: untouched");
    // The new branch's block 12 is watched again in partition 0 (ids carry the hash: a new alert).
    expect(await w.execute(block(12, "0xh12b"), P0)()).to.deep.equal(
      E.right({ kind: "processed", block: 12, events: 1, alerts: 1 }),
    );
    onChain.set(12, "0xh12b").set(10, "0xh10");
    const stream: BlockStream = {
      subscribe: () => undefined,
      unsubscribe: () => undefined,
      latest: { number: 12, hash: "0xh12b" },
    };
    expect(await resumeGuardCursor(w, stream, quiet, [P0, P1])).to.equal(10);
  });

  it("a partition met for the first time carries on from the whole chain's cursor", async () => {
    onChain.set(7, "0xh7");
    await cursor.write({ number: 7, hash: "0xh7" })();
    const w = watcher();
    const stream: BlockStream = {
      subscribe: () => undefined,
      unsubscribe: () => undefined,
      latest: { number: 30, hash: "0xh30" },
    };
    expect(await resumeGuardCursor(w, stream, quiet, [P0, P1])).to.equal(7);
    expect(await at(P1)).to.deep.equal({ number: 7, hash: "0xh7" });
    expect(await w.execute(block(8), P1)()).to.deep.equal(
      E.right({ kind: "processed", block: 8, events: 1, alerts: 1 }),
    );
  });

  it("poison-block policy per partition: the failing partition's subscribers get block_skipped, the other's block is watched", async () => {
    // Partition 0 cannot score (its scorer is down), partition 1 can: each counts its own attempts.
    const down = fakeScorer({});
    const policyWith = (scorer: GuardScores) => {
      const w = watcher(scorer);
      const queue = testQueue(outbox);
      return new WatchBlockOrSkip(w, attempts, new AlertBlockSkipped(store, cursor, queue, attempts), {
        maxAttempts: 2,
      });
    };
    const failing = policyWith(down);
    const first = await failing.execute(block(20), 0, P0)();
    expect(E.isRight(first) && first.right.kind).to.equal("failed");
    const healthy = policyWith(fakeScorer({ [RISKY]: { score: 30, tier: "LOW" } }));
    const watched = await healthy.execute(block(20), 0, P1)();
    expect(E.isRight(watched) && watched.right.kind).to.equal("watched");
    const second = await failing.execute(block(20), 1, P0)();
    expect(E.isRight(second) && second.right).to.deep.include({ kind: "poisoned", attempts: 2, subscriptions: 1 });
    expect(await alertsOf(IN_P0)).to.deep.equal([["block_skipped", 20]]);
    expect(await alertsOf(IN_P1)).to.deep.equal([["wallet", 20]]);
    expect(await at(P0)).to.deep.equal({ number: 20, hash: "0xh20" });
  });
});
