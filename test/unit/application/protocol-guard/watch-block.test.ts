import { expect } from "chai";
import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import { EthersEventDecoder, ethersSignatureParser } from "../../../../src/adapters/chain/ethers-event-decoder.adapter";
import { InMemoryDeliveryOutbox } from "../../../../src/adapters/storage/in-memory-delivery-outbox.adapter";
import { InMemorySubscriptionStore } from "../../../../src/adapters/storage/in-memory-subscription-store.adapter";
import { InMemoryWatchCursor } from "../../../../src/adapters/storage/in-memory-watch-cursor.adapter";
import type { ChainReader } from "../../../../src/application/ports/chain-reader.port";
import { WatchBlock } from "../../../../src/application/use-cases/protocol-guard/watch-block.use-case";
import type { Address } from "../../../../src/domain/chain/address";
import { isWalletAlert } from "../../../../src/domain/protocol-guard/guard-alert";
import type { BlockActivity } from "../../../../src/domain/protocol-guard/block-activity";
import type { Subscription, SubscriptionId } from "../../../../src/domain/protocol-guard/subscription";
import { fakeScorer, testQueue } from "../../../support/fakes/guard-fakes";

const POOL = ("0x" + "cc".repeat(20)) as Address;
const RISKY = ("0x" + "22".repeat(20)) as Address;
const OTHER = ("0x" + "33".repeat(20)) as Address;
const borrow = ethersSignatureParser("event", "Borrow(address indexed user, uint256 amount)")!;
const topicOf = (a: Address) => "0x" + "0".repeat(24) + a.slice(2);

const block = (n: number, parentHash = `0xh${n - 1}`, hash = `0xh${n}`): BlockActivity => ({
  number: n,
  hash,
  parentHash,
  timestamp: 1_700_000_000 + n,
  transactions: [{ hash: `0xt${n}`, from: RISKY, to: POOL, input: "0x", success: true }],
  logs: [
    {
      address: POOL,
      topics: [borrow.hash, topicOf(OTHER)],
      data: "0x" + 5_000_000n.toString(16).padStart(64, "0"),
      logIndex: 0,
      txHash: `0xt${n}`,
    },
  ],
});

describe("WatchBlock", () => {
  let store: InMemorySubscriptionStore;
  let outbox: InMemoryDeliveryOutbox;
  let watcher: WatchBlock;
  const chainHashes = new Map<number, string>();
  const chain = {
    block: (n: number) => TE.right(chainHashes.has(n) ? { number: n, timestamp: 0, hash: chainHashes.get(n)! } : null),
  } as unknown as ChainReader;
  const id = "sub_watch" as SubscriptionId;

  beforeEach(async () => {
    store = new InMemorySubscriptionStore();
    outbox = new InMemoryDeliveryOutbox();
    const scorer = fakeScorer({ [RISKY]: { score: 30, tier: "LOW" }, [OTHER]: { score: 90, tier: "ELITE" } });
    watcher = new WatchBlock(
      store,
      new InMemoryWatchCursor(),
      scorer,
      new EthersEventDecoder(),
      testQueue(outbox),
      chain,
    );
    const subscription: Subscription = {
      id,
      protocolName: "Lend",
      status: "active",
      channels: [
        { id: "ch_1", type: "webhook", url: "https://hooks.example.org/x", status: "active", secretVersion: 1 },
      ],
      rules: [{ type: "min_score", value: 50, action: "review" }],
      contracts: [{ address: POOL, events: [borrow] }],
      manageTokenHash: "h",
      createdAt: "c",
      updatedAt: "u",
    };
    await store.create(subscription)();
  });

  it("records each wallet a watched log names, alerts on the risky one, and queues one delivery", async () => {
    expect(await watcher.execute(block(10))()).to.deep.equal(
      E.right({ kind: "processed", block: 10, events: 2, alerts: 1 }),
    );
    const events = await store.recentEvents(id, 20)();
    const wallets = E.isRight(events) ? events.right.map((e) => [e.wallet, e.event, e.score]) : [];
    expect(wallets).to.have.deep.members([
      [RISKY, "Borrow(address,uint256)", 30],
      [OTHER, "Borrow(address,uint256)", 90],
    ]);
    const alerts = await store.recentAlerts(id, 20)();
    expect(
      E.isRight(alerts) && alerts.right.filter(isWalletAlert).map((a) => [a.wallet, a.decision, a.at]),
    ).to.deep.equal([[RISKY, "review", new Date((1_700_000_000 + 10) * 1000).toISOString()]]);
    const due = await outbox.claimDue(Date.UTC(2030, 0), 10, 1000)();
    expect(E.isRight(due) && due.right.map((d) => [d.channelId, d.alertId])).to.deep.equal([
      ["ch_1", E.isRight(alerts) ? alerts.right[0]?.id : ""],
    ]);
  });

  it("a block seen again is skipped; processed twice (cursor lost) it adds no event, alert or delivery", async () => {
    await watcher.execute(block(10))();
    expect(await watcher.execute(block(10))()).to.deep.equal(E.right({ kind: "skipped", block: 10 }));
    const again = new WatchBlock(
      store,
      new InMemoryWatchCursor(),
      fakeScorer({ [RISKY]: { score: 30, tier: "LOW" }, [OTHER]: { score: 90, tier: "ELITE" } }),
      new EthersEventDecoder(),
      testQueue(outbox),
      chain,
    );
    await again.execute(block(10))();
    const [events, alerts, due] = await Promise.all([
      store.recentEvents(id, 20)(),
      store.recentAlerts(id, 20)(),
      outbox.claimDue(Date.UTC(2030, 0), 10, 1000)(),
    ]);
    expect(E.isRight(events) && events.right).to.have.length(2);
    expect(E.isRight(alerts) && alerts.right).to.have.length(1);
    expect(E.isRight(due) && due.right).to.have.length(1);
  });

  it("reports a reorganisation below the cursor and a gap in the stream", async () => {
    await watcher.execute(block(10))();
    expect(await watcher.execute(block(11, "0xsomething-else"))()).to.deep.equal(
      E.right({ kind: "reorg", block: 11, expectedParent: "0xh10", parent: "0xsomething-else", events: 2, alerts: 1 }),
    );
    expect(await watcher.execute(block(15, "0xh14"))()).to.deep.equal(
      E.right({ kind: "gap", block: 15, missedFrom: 12, events: 2, alerts: 1 }),
    );
  });

  it("resume: a first start begins at the head; a cursor whose block left the chain is reported and reset", async () => {
    expect(await watcher.resume({ number: 20, hash: "0xh20" })).to.deep.equal({ reset: null });
    expect(await watcher.position()).to.deep.equal({ number: 20, hash: "0xh20" });
    chainHashes.set(20, "0xh20");
    expect(await watcher.resume({ number: 25, hash: "0xh25" })).to.deep.equal({ reset: null });
    chainHashes.set(20, "0xother");
    expect(await watcher.resume({ number: 25, hash: "0xh25" })).to.deep.equal({ reset: { number: 20, hash: "0xh20" } });
    expect(await watcher.position()).to.deep.equal({ number: 25, hash: "0xh25" });
  });

  it("a wallet that cannot be scored fails the block (retried later), never skipping it", async () => {
    const down = new WatchBlock(
      store,
      new InMemoryWatchCursor(),
      fakeScorer({}),
      new EthersEventDecoder(),
      testQueue(outbox),
      chain,
    );
    const outcome = await down.execute(block(10))();
    expect(E.isLeft(outcome) && outcome.left.block).to.equal(10);
    expect(await down.position()).to.equal(null);
  });
});
