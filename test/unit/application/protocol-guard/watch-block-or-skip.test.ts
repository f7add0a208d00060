import { expect } from "chai";
import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import { EthersEventDecoder, ethersSignatureParser } from "../../../../src/adapters/chain/ethers-event-decoder.adapter";
import { InMemoryBlockAttempts } from "../../../../src/adapters/storage/in-memory-block-attempts.adapter";
import { InMemoryDeliveryOutbox } from "../../../../src/adapters/storage/in-memory-delivery-outbox.adapter";
import { InMemorySubscriptionStore } from "../../../../src/adapters/storage/in-memory-subscription-store.adapter";
import { InMemoryWatchCursor } from "../../../../src/adapters/storage/in-memory-watch-cursor.adapter";
import { upstreamFailure } from "../../../../src/application/failures";
import type { BlockAttempts } from "../../../../src/application/ports/block-attempts.port";
import type { ChainReader } from "../../../../src/application/ports/chain-reader.port";
import { AlertBlockSkipped } from "../../../../src/application/use-cases/protocol-guard/alert-block-skipped.use-case";
import type { GuardScores } from "../../../../src/application/use-cases/protocol-guard/guard-scores.port";
import { WatchBlock } from "../../../../src/application/use-cases/protocol-guard/watch-block.use-case";
import { WatchBlockOrSkip } from "../../../../src/application/use-cases/protocol-guard/watch-block-or-skip.use-case";
import type { Address } from "../../../../src/domain/chain/address";
import type { BlockActivity } from "../../../../src/domain/protocol-guard/block-activity";
import type { Subscription, SubscriptionId } from "../../../../src/domain/protocol-guard/subscription";
import { fakeScorer, testQueue } from "../../../support/fakes/guard-fakes";

const POOL = ("0x" + "cc".repeat(20)) as Address;
const ELSEWHERE = ("0x" + "dd".repeat(20)) as Address;
const RISKY = ("0x" + "22".repeat(20)) as Address;
const borrow = ethersSignatureParser("event", "Borrow(address indexed user, uint256 amount)")!;
const MAX = 3;

const block = (n: number): BlockActivity => ({
  number: n,
  hash: `0xh${n}`,
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

const subscription = (id: string, contract: Address): Subscription => ({
  id: id as SubscriptionId,
  protocolName: `P ${id}`,
  status: "active",
  channels: [{ id: "ch_1", type: "webhook", url: "https://hooks.example.org/x", status: "active", secretVersion: 1 }],
  rules: [{ type: "min_score", value: 50, action: "review" }],
  contracts: [{ address: contract, events: [borrow] }],
  manageTokenHash: "h",
  createdAt: "c",
  updatedAt: "u",
});

/** Scores RISKY, but fails the first `failures` calls (a scorer down, or a block it chokes on). */
function failingFirst(failures: number): GuardScores {
  const real = fakeScorer({ [RISKY]: { score: 30, tier: "LOW" } });
  let left = failures;
  return {
    execute: (address) => (left-- > 0 ? fakeScorer({}).execute(address) : real.execute(address)),
  };
}

describe("WatchBlockOrSkip (the poison-block policy)", () => {
  let store: InMemorySubscriptionStore;
  let outbox: InMemoryDeliveryOutbox;
  let cursor: InMemoryWatchCursor;
  let attempts: InMemoryBlockAttempts;
  const chain = { block: () => TE.right(null) } as unknown as ChainReader;

  const policy = (scorer: GuardScores, counts: BlockAttempts = attempts) => {
    const queue = testQueue(outbox);
    const watcher = new WatchBlock(store, cursor, scorer, new EthersEventDecoder(), queue, chain);
    const skip = new AlertBlockSkipped(store, cursor, queue, counts);
    return new WatchBlockOrSkip(watcher, counts, skip, { maxAttempts: MAX });
  };
  /** Tries a block as the worker does: until it is watched or skipped, carrying the count. */
  const untilDone = async (p: WatchBlockOrSkip, b: BlockActivity) => {
    const seen: number[] = [];
    let count = 0;
    for (let i = 0; i < 10; i++) {
      const tried = await p.execute(b, count)();
      if (E.isLeft(tried)) throw new Error(tried.left.detail);
      if (tried.right.kind !== "failed") return { outcome: tried.right, seen };
      count = tried.right.attempts;
      seen.push(count);
    }
    throw new Error("never done");
  };
  const alertsOf = async (id: string) => {
    const alerts = await store.recentAlerts(id as SubscriptionId, 20)();
    return E.isRight(alerts) ? alerts.right : [];
  };

  beforeEach(async () => {
    store = new InMemorySubscriptionStore();
    outbox = new InMemoryDeliveryOutbox();
    cursor = new InMemoryWatchCursor();
    attempts = new InMemoryBlockAttempts();
    await store.create(subscription("sub_pool", POOL))();
    await store.create(subscription("sub_elsewhere", ELSEWHERE))();
    await cursor.write({ number: 9, hash: "0xh9" })();
  });

  it("fails N-1 times then succeeds: the block is watched, nothing skipped, the count forgotten", async () => {
    const { outcome, seen } = await untilDone(policy(failingFirst(MAX - 1)), block(10));
    expect(seen).to.deep.equal([1, 2]);
    expect(outcome).to.deep.equal({
      kind: "watched",
      outcome: { kind: "processed", block: 10, events: 1, alerts: 1 },
    });
    expect((await alertsOf("sub_pool")).map((a) => a.kind ?? "wallet")).to.deep.equal(["wallet"]);
    expect(await attempts.recordFailure({ number: 10, hash: "0xh10" }, 0, "x")()).to.deep.equal(E.right(1));
  });

  it("fails N times: skipped, one block_skipped alert and delivery to the subscription it concerns, cursor past it", async () => {
    const { outcome, seen } = await untilDone(policy(fakeScorer({})), block(10));
    expect(seen).to.deep.equal([1, 2]);
    expect(outcome).to.deep.include({ kind: "poisoned", attempts: MAX, subscriptions: 1, alerts: 1 });
    const [alert, ...others] = await alertsOf("sub_pool");
    expect(others).to.deep.equal([]);
    expect(alert).to.deep.include({
      kind: "block_skipped",
      source: "onchain",
      blockNumber: 10,
      blockHash: "0xh10",
      attempts: MAX,
      at: new Date((1_700_000_000 + 10) * 1000).toISOString(),
    });
    expect(alert?.kind === "block_skipped" && alert.reason).to.match(/^scoring 0x2{40}: .*connection refused/);
    expect(await alertsOf("sub_elsewhere")).to.deep.equal([]);
    const due = await outbox.claimDue(Date.UTC(2030, 0), 10, 1000)();
    const payloads = E.isRight(due)
      ? due.right.map((d) => JSON.parse(d.payload) as { type: string; data: object })
      : [];
    expect(payloads).to.have.length(1);
    expect(payloads[0]).to.deep.include({ type: "protocol_guard.alert" });
    expect(payloads[0]?.data).to.deep.include({ subscriptionId: "sub_pool", alert, event: null });
    expect(await cursor.read()()).to.deep.equal(E.right({ number: 10, hash: "0xh10" }));
  });

  it("the next block flows again after a skip", async () => {
    const scorer = fakeScorer({});
    const p = policy({ execute: (a) => scorer.execute(a) });
    await untilDone(p, block(10));
    const healthy = policy(failingFirst(0));
    expect(await healthy.execute(block(11), 0)()).to.deep.equal(
      E.right({ kind: "watched", outcome: { kind: "processed", block: 11, events: 1, alerts: 1 } }),
    );
    expect((await alertsOf("sub_pool")).map((a) => [a.kind ?? "wallet", a.blockNumber])).to.deep.equal([
      ["wallet", 11],
      ["block_skipped", 10],
    ]);
  });

  it("a second instance reaching the limit on the same block queues nothing more", async () => {
    const a = policy(fakeScorer({}));
    const b = policy(fakeScorer({}));
    const kindAndCount = async (p: WatchBlockOrSkip, seen: number) => {
      const tried = await p.execute(block(10), seen)();
      return E.isRight(tried) && tried.right.kind === "failed" ? tried.right.attempts : tried;
    };
    // Both fail every round; each round is counted once, the instance behind adopts the count.
    expect([await kindAndCount(a, 0), await kindAndCount(b, 0)]).to.deep.equal([1, 1]);
    expect([await kindAndCount(a, 1), await kindAndCount(b, 1)]).to.deep.equal([2, 2]);
    const [first, second] = await Promise.all([a.execute(block(10), 2)(), b.execute(block(10), 2)()]);
    expect([first, second].map((r) => E.isRight(r) && r.right.kind)).to.deep.equal(["poisoned", "poisoned"]);
    expect(await alertsOf("sub_pool")).to.have.length(1);
    const due = await outbox.claimDue(Date.UTC(2030, 0), 10, 1000)();
    expect(E.isRight(due) && due.right.length).to.equal(1);
  });

  it("a failure that cannot be counted (storage down) is a plain failure: retried, never a skip", async () => {
    const down: BlockAttempts = {
      recordFailure: () => TE.left(upstreamFailure("storage", "connection refused")),
      clear: () => TE.right(undefined),
    };
    const p = policy(fakeScorer({}), down);
    for (let i = 0; i < MAX + 2; i++) {
      const tried = await p.execute(block(10), i)();
      expect(E.isLeft(tried) && tried.left.detail).to.match(/not counted: .*connection refused/);
    }
    expect(await alertsOf("sub_pool")).to.deep.equal([]);
    expect(await cursor.read()()).to.deep.equal(E.right({ number: 9, hash: "0xh9" }));
  });
});
