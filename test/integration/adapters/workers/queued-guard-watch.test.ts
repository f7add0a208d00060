import { expect } from "chai";
import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import pg from "pg";
import { EthersEventDecoder, ethersSignatureParser } from "../../../../src/adapters/chain/ethers-event-decoder.adapter";
import { PostgresBlockAttempts } from "../../../../src/adapters/storage/postgres-block-attempts.adapter";
import { PostgresDeliveryOutbox } from "../../../../src/adapters/storage/postgres-delivery-outbox.adapter";
import { PostgresSubscriptionStore } from "../../../../src/adapters/storage/postgres-subscription-store.adapter";
import { PostgresWatchCursor } from "../../../../src/adapters/storage/postgres-watch-cursor.adapter";
import { PgBossGuardBlockJobs } from "../../../../src/adapters/workers/pg-boss-guard-block-jobs.adapter";
import { QueuedGuardWatchWorker } from "../../../../src/adapters/workers/queued-guard-watch.worker";
import type { WorkerLog } from "../../../../src/adapters/workers/worker";
import type { BlockStream, BlockSubscriber, StreamedBlock } from "../../../../src/application/ports/block-stream.port";
import type { ChainReader } from "../../../../src/application/ports/chain-reader.port";
import { AlertBlockSkipped } from "../../../../src/application/use-cases/protocol-guard/alert-block-skipped.use-case";
import type {
  GuardScore,
  GuardScores,
  GuardScoringFailed,
} from "../../../../src/application/use-cases/protocol-guard/guard-scores.port";
import { WatchBlock } from "../../../../src/application/use-cases/protocol-guard/watch-block.use-case";
import { WatchBlockOrSkip } from "../../../../src/application/use-cases/protocol-guard/watch-block-or-skip.use-case";
import { upstreamFailure } from "../../../../src/application/failures";
import { scoringFailed } from "../../../../src/application/use-cases/scoring/scored-address";
import type { Address } from "../../../../src/domain/chain/address";
import type { BlockActivity } from "../../../../src/domain/protocol-guard/block-activity";
import type { Subscription, SubscriptionId } from "../../../../src/domain/protocol-guard/subscription";
import { fakeScorer, testQueue } from "../../../support/fakes/guard-fakes";
import { migratedSchema, type MigratedSchema } from "../../../support/migrated-schema";

const CHAIN_ID = 31337;
const POOL = ("0x" + "cc".repeat(20)) as Address;
const RISKY = ("0x" + "22".repeat(20)) as Address;
const BORROWER = ("0x" + "33".repeat(20)) as Address;
const borrow = ethersSignatureParser("event", "Borrow(address indexed user, uint256 amount)")!;
const hashOf = (n: number) => "0x" + n.toString(16).padStart(64, "0");

/** Block n: RISKY calls the pool, which logs a Borrow for `borrower`; both wallets score under 50 (review). */
const activity = (n: number, borrower = BORROWER): BlockActivity => ({
  number: n,
  hash: hashOf(n),
  parentHash: hashOf(n - 1),
  timestamp: 1_700_000_000 + n,
  transactions: [
    {
      hash: `0x${"ee".repeat(30)}${n.toString(16).padStart(4, "0")}`,
      from: RISKY,
      to: POOL,
      input: "0x",
      success: true,
    },
  ],
  logs: [
    {
      address: POOL,
      topics: [borrow.hash, "0x" + "0".repeat(24) + borrower.slice(2)],
      data: "0x" + 5n.toString(16).padStart(64, "0"),
      logIndex: 0,
      txHash: `0x${"ee".repeat(30)}${n.toString(16).padStart(4, "0")}`,
    },
  ],
});

const streamed = (block: BlockActivity): StreamedBlock => ({
  number: block.number,
  timestamp: block.timestamp,
  transactions: [],
  transfers: [],
  creations: [],
  activity: block,
});

/** A stream each instance follows on its own: the test hands it blocks, it hands them on past each subscriber's position. */
class HandFedStream implements BlockStream {
  readonly latest = { number: 0, hash: hashOf(0) };
  private readonly subscribers: BlockSubscriber[] = [];
  subscribe(subscriber: BlockSubscriber): void {
    this.subscribers.push(subscriber);
  }
  unsubscribe(subscriber: BlockSubscriber): void {
    this.subscribers.splice(this.subscribers.indexOf(subscriber), 1);
  }
  async feed(blocks: readonly BlockActivity[]): Promise<void> {
    for (const subscriber of this.subscribers) {
      const after = subscriber.position() ?? -1;
      const due = blocks.filter((b) => b.number > after).map(streamed);
      if (due.length > 0) await subscriber.receive(due, due[0]!.number, due.at(-1)!.number);
    }
  }
}

const quiet: WorkerLog = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
const chain = {
  block: (n: number) => TE.right({ number: n, timestamp: 0, hash: hashOf(n) }),
} as unknown as ChainReader;

const subscription: Subscription = {
  id: "sub_shared" as SubscriptionId,
  protocolName: "Lend",
  status: "active",
  channels: [{ id: "ch_1", type: "webhook", url: "https://hooks.example.org/x", status: "active", secretVersion: 1 }],
  rules: [{ type: "min_score", value: 50, action: "review" }],
  contracts: [{ address: POOL, events: [borrow] }],
  manageTokenHash: "h",
  createdAt: "c",
  updatedAt: "u",
};

interface Instance {
  readonly name: string;
  readonly stream: HandFedStream;
  readonly jobs: PgBossGuardBlockJobs;
  readonly worker: QueuedGuardWatchWorker;
  readonly pool: pg.Pool;
}

describe("QueuedGuardWatchWorker: Protocol Guard's per-block work shared by two instances through pg-boss", function () {
  this.timeout(120_000);
  let db: MigratedSchema;
  /** Every WatchBlock execution, by instance and block: the work done. */
  let executions: { instance: string; block: number; partition: number }[];
  /** Every alert handed to the outbox, by instance. */
  let enqueued: { instance: string; alertId: string; block: number }[];
  const running: Instance[] = [];
  /** Ends what a test left hanging (a killed instance's scoring), before its workers are stopped. */
  const unhangs: (() => void)[] = [];

  async function instance(name: string, scorer: GuardScores, maxAttempts = 5, partitions = 1): Promise<Instance> {
    const pool = new pg.Pool({ connectionString: db.url, max: 4 });
    const store = new PostgresSubscriptionStore({ pool });
    const cursor = new PostgresWatchCursor({ pool, key: String(CHAIN_ID) });
    const attempts = new PostgresBlockAttempts({ pool, key: String(CHAIN_ID) });
    const queue = testQueue(new PostgresDeliveryOutbox({ pool }));
    const enqueue = queue.execute.bind(queue);
    queue.execute = (sub, alert, event) => {
      enqueued.push({ instance: name, alertId: alert.id, block: alert.blockNumber ?? -1 });
      return enqueue(sub, alert, event);
    };
    const watch = new WatchBlock(store, cursor, scorer, new EthersEventDecoder(), queue, chain);
    const execute = watch.execute.bind(watch);
    watch.execute = (block, partition) => {
      executions.push({ instance: name, block: block.number, partition: partition?.index ?? 0 });
      return execute(block, partition);
    };
    const policy = new WatchBlockOrSkip(watch, attempts, new AlertBlockSkipped(store, cursor, queue, attempts), {
      maxAttempts,
    });
    const jobs = new PgBossGuardBlockJobs({
      connectionString: db.url,
      schema: `${db.schema}_pgboss`,
      chainId: CHAIN_ID,
      heartbeatSeconds: 10,
      partitions,
      onError: () => undefined,
    });
    await jobs.start();
    const stream = new HandFedStream();
    const worker = new QueuedGuardWatchWorker(watch, policy, stream, jobs, quiet, 64);
    await worker.start();
    const started = { name, stream, jobs, worker, pool };
    running.push(started);
    return started;
  }

  /** Polls `check` until it holds, at most `bound` tries 100 ms apart (a bound, not a timing assertion). */
  async function eventually(check: () => Promise<boolean>, bound = 600): Promise<void> {
    for (let i = 0; i < bound; i++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("condition not reached");
  }

  const count = async (sql: string): Promise<number> => Number((await db.pool.query<{ n: string }>(sql)).rows[0]!.n);
  const alerts = () => count("SELECT count(*) AS n FROM protocol_guard_subscriptions_alerts");
  const distinctAlerts = () =>
    count("SELECT count(DISTINCT alert->>'id') AS n FROM protocol_guard_subscriptions_alerts");
  const deliveries = () => count("SELECT count(*) AS n FROM protocol_guard_deliveries");
  const deliveredAlerts = () => count("SELECT count(DISTINCT alert_id) AS n FROM protocol_guard_deliveries");

  beforeEach(async () => {
    db = await migratedSchema("guard_queue");
    executions = [];
    enqueued = [];
    const store = new PostgresSubscriptionStore({ pool: db.pool });
    await store.create(subscription)();
  });

  afterEach(async () => {
    for (const unhang of unhangs.splice(0)) unhang();
    for (const { worker, jobs, pool } of running.splice(0)) {
      await worker.stop();
      await jobs.stop().catch(() => undefined);
      await pool.end().catch(() => undefined);
    }
    await db.pool.query(`DROP SCHEMA IF EXISTS ${db.schema}_pgboss CASCADE`);
    await db.drop();
  });

  it("works each of 60 blocks once across both instances, in order, and queues each alert once", async () => {
    const scores = { [RISKY]: { score: 30, tier: "LOW" as const }, [BORROWER]: { score: 40, tier: "LOW" as const } };
    const a = await instance("a", fakeScorer(scores));
    const b = await instance("b", fakeScorer(scores));
    const blocks = Array.from({ length: 60 }, (_, i) => activity(i + 1));
    // Both follow the same chain, in steps, as the leader and a reader of its published blocks do.
    for (let from = 0; from < blocks.length; from += 7) {
      await a.stream.feed(blocks.slice(0, from + 7));
      await b.stream.feed(blocks.slice(0, from + 4));
    }
    await b.stream.feed(blocks);
    await a.worker.idle();
    await b.worker.idle();

    const perBlock = new Map<number, number>();
    for (const e of executions) perBlock.set(e.block, (perBlock.get(e.block) ?? 0) + 1);
    expect([...perBlock.keys()]).to.deep.equal(
      blocks.map((b) => b.number),
      "worked in block order",
    );
    expect([...perBlock.values()].every((n) => n === 1)).to.equal(true, "each block worked once");
    // Two wallets per block, both under the min_score floor: two alerts per block, each queued once.
    expect(enqueued).to.have.length(120);
    expect(new Set(enqueued.map((e) => e.alertId)).size).to.equal(120);
    expect(await deliveries()).to.equal(120);
    expect(await deliveredAlerts()).to.equal(120);
    const cursor = await db.pool.query("SELECT block_number FROM protocol_guard_watch_cursor");
    expect(Number(cursor.rows[0].block_number)).to.equal(60);
  });

  it("splits each block into one job per partition (GUARD_WORK_PARTITIONS=4): each worked once, every partition in block order, each alert once", async () => {
    const scores = { [RISKY]: { score: 30, tier: "LOW" as const }, [BORROWER]: { score: 40, tier: "LOW" as const } };
    const store = new PostgresSubscriptionStore({ pool: db.pool });
    // Eight more subscriptions on the same pool: nine spread over the four partitions.
    const subscriptions = [subscription.id, ...Array.from({ length: 8 }, (_, i) => `sub_more${i}` as SubscriptionId)];
    for (const id of subscriptions.slice(1)) await store.create({ ...subscription, id })();
    const a = await instance("a", fakeScorer(scores), 5, 4);
    const b = await instance("b", fakeScorer(scores), 5, 4);
    const blocks = Array.from({ length: 20 }, (_, i) => activity(i + 1));
    for (let from = 0; from < blocks.length; from += 5) {
      await a.stream.feed(blocks.slice(0, from + 5));
      await b.stream.feed(blocks.slice(0, from + 3));
    }
    await b.stream.feed(blocks);
    await a.worker.idle();
    await b.worker.idle();

    for (const partition of [0, 1, 2, 3]) {
      const worked = executions.filter((e) => e.partition === partition).map((e) => e.block);
      expect(worked).to.deep.equal(
        blocks.map((block) => block.number),
        `partition ${partition}: each block once, in order`,
      );
    }
    // Two wallets per block and subscription, each alert queued once by whichever instance held its partition.
    expect(new Set(enqueued.map((e) => e.alertId)).size).to.equal(20 * 2 * subscriptions.length);
    expect(enqueued).to.have.length(20 * 2 * subscriptions.length);
    expect(await deliveredAlerts()).to.equal(20 * 2 * subscriptions.length);
    const cursors = await db.pool.query<{ key: string; block_number: string }>(
      "SELECT key, block_number FROM protocol_guard_watch_cursor ORDER BY key",
    );
    expect(cursors.rows.map((r) => [r.key, Number(r.block_number)])).to.deep.equal([
      [`${CHAIN_ID}/p0of4`, 20],
      [`${CHAIN_ID}/p1of4`, 20],
      [`${CHAIN_ID}/p2of4`, 20],
      [`${CHAIN_ID}/p3of4`, 20],
    ]);
    // A block is four jobs, one per partition; queued again (another instance, a successor) the same four.
    const worked = executions.length;
    const ids = await b.jobs.enqueue(blocks[19]!);
    expect(new Set(ids).size).to.equal(4);
    expect(await a.jobs.enqueue(blocks[19]!)).to.deep.equal(ids);
    expect(await Promise.all(ids.map((id) => a.jobs.settled(id)))).to.deep.equal([true, true, true, true]);
    expect(executions.length).to.equal(worked, "nothing worked twice");
  });

  it("hands a job whose holder died mid-block to the other instance once its heartbeat lapses: no alert twice, none lost", async () => {
    const scores = { [RISKY]: { score: 30, tier: "LOW" as const }, [BORROWER]: { score: 40, tier: "LOW" as const } };
    // Instance a dies scoring block 5's borrower, after block 5's first alert (RISKY's) is written.
    const DOOMED = ("0x" + "44".repeat(20)) as Address;
    let hung: () => void = () => undefined;
    const hanging = new Promise<void>((resolve) => (hung = resolve));
    // The hang ends (as a failure) only when the test stops the dead instance's leftovers.
    let unhang: () => void = () => undefined;
    const never = new Promise<E.Either<GuardScoringFailed, GuardScore>>(
      (resolve) => (unhang = () => resolve(E.left(scoringFailed("scoring")(upstreamFailure("rpc", "process killed"))))),
    );
    unhangs.push(() => unhang());
    const real = fakeScorer(scores);
    const dying: GuardScores = {
      execute: (wallet) =>
        wallet === DOOMED
          ? () => {
              hung();
              return never;
            }
          : real.execute(wallet),
    };
    const blocks = Array.from({ length: 12 }, (_, i) => activity(i + 1, i + 1 === 5 ? DOOMED : BORROWER));
    const a = await instance("a", dying);
    await a.stream.feed(blocks);
    await hanging;
    expect(await alerts()).to.equal(9, "blocks 1-4 and RISKY's alert of block 5");

    // The other instance is up while a still holds block 5: it claims nothing until a's heartbeat lapses.
    const b = await instance("b", fakeScorer({ ...scores, [DOOMED]: { score: 20, tier: "LOW" } }));
    await b.stream.feed(blocks);
    // kill -9 of a: its heartbeats stop and every write it would still make fails.
    await a.jobs.stop();
    await a.pool.end();
    const dead = a.worker.stop();

    await eventually(async () => (await deliveries()) === 24);
    await b.worker.idle();
    expect(executions.filter((e) => e.instance === "b").map((e) => e.block)).to.deep.equal([5, 6, 7, 8, 9, 10, 11, 12]);
    // Block 5 was worked again from its start: RISKY's alert was handed to the outbox by both, and kept once.
    const twice = enqueued.filter((e) => enqueued.filter((o) => o.alertId === e.alertId).length > 1);
    expect(twice.map((e) => [e.instance, e.block])).to.deep.equal([
      ["a", 5],
      ["b", 5],
    ]);
    expect(await deliveries()).to.equal(24, "two per block: none twice, none lost");
    expect(await deliveredAlerts()).to.equal(24);
    expect(await alerts()).to.equal(24);
    expect(await distinctAlerts()).to.equal(24);
    unhang();
    await dead;
  });

  it("skips a block no instance can score under the poison-block policy: one block_skipped alert, then the blocks after it", async () => {
    const POISON = ("0x" + "55".repeat(20)) as Address;
    // Neither scorer knows POISON (an unknown wallet fails like an unreachable chain); two tries at most.
    const scores = { [RISKY]: { score: 30, tier: "LOW" as const }, [BORROWER]: { score: 40, tier: "LOW" as const } };
    const a = await instance("a", fakeScorer(scores), 2);
    const b = await instance("b", fakeScorer(scores), 2);
    const blocks = Array.from({ length: 6 }, (_, i) => activity(i + 1, i + 1 === 3 ? POISON : BORROWER));
    await a.stream.feed(blocks);
    await b.stream.feed(blocks);
    await a.worker.idle();
    await b.worker.idle();

    const tries = (n: number) => executions.filter((e) => e.block === n).length;
    expect(blocks.map((block) => tries(block.number))).to.deep.equal([1, 1, 2, 1, 1, 1]);
    const skipped = await db.pool.query<{ block: string }>(
      "SELECT alert->>'blockNumber' AS block FROM protocol_guard_subscriptions_alerts WHERE alert->>'kind' = 'block_skipped'",
    );
    expect(skipped.rows.map((r) => Number(r.block))).to.deep.equal([3]);
    // Two alerts for each of the five scored blocks, RISKY's of block 3 (queued before the failure), the skip.
    expect(await deliveries()).to.equal(12);
    expect(await deliveredAlerts()).to.equal(12);
  });
});
