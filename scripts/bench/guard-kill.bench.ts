/**
 * Protocol Guard's leader kill -9 under load (issue 34 item 5, `--guard-kill-leader`): two `npm start` instances
 * on one PostgreSQL schema and Redis (GUARD_WORK_QUEUE=pg-boss unless the environment names another), 1,000
 * subscriptions on 10,000 contracts, a block every 0.5 s; halfway through the mining the instance holding the
 * chain-follower lease (read from the lease row) gets SIGKILL and the blocks keep coming. The alerts expected are
 * worked out from the calls the bench sent and the node's receipts, not from anything the service says.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type pg from "pg";
import { migratedSchema, type MigratedSchema } from "../../test/support/migrated-schema";
import type { ServiceProcess } from "../../test/support/service-process";
import { startWorldChain, stopCluster, type WorldChain } from "../../test/e2e/multi-instance/support/cluster";
import { startWebhookReceiver, type WebhookReceiver } from "../guard/webhook-receiver";
import { freshAddress, GuardChainLoad, type MinedBlock, type WatchedCall } from "./guard-chain-load";
import { killDeliveries, type ExpectedAlert, type KillDeliveries } from "./guard-kill-report";
import { createSubscriptions } from "./guard-subscriptions";
import {
  BLOCK_INTERVAL_MS,
  blocksIn,
  CONTRACTS_PER_SUBSCRIPTION,
  DRAIN_MS,
  guardEnvironment,
  timedSpawn,
  WARM_UP_BLOCKS,
} from "./guard.bench";

const TOOK_OVER = "took over as the chain follower";
/** The outbox lease (deliver-due-alerts.use-case.ts): a delivery the killed instance had claimed is sent again after it. */
const OUTBOX_LEASE_MS = 60_000;

export interface GuardKillOptions {
  /** Seconds of mining; the kill comes halfway. */
  readonly seconds: number;
  readonly subscriptions: number;
  readonly alertsPerBlock: number;
}

export interface GuardKillResult extends KillDeliveries {
  readonly workQueue: string;
  readonly subscriptions: number;
  readonly contracts: number;
  readonly alertsPerBlock: number;
  readonly blocks: number;
  readonly blocksBeforeKill: number;
  /** Kill -> the successor's `took over as the chain follower` line (its own log time). */
  readonly tookOverAfterMs: number | null;
  /** The run's blocks published to chain_blocks, of all mined. */
  readonly blocksPublished: number;
  /** pg-boss block jobs handed on after their holder stopped (retry count above 0); null without the queue. */
  readonly jobsHandedOn: number | null;
  /** Blocks whose guard work each instance logged (`guard watched block`): by the killed one, the successor, both, none. */
  /**
   * The successor's first `guard watched block` after the kill: when, which block, and the newest block the killed
   * instance logged (the block after it was in the killed one's hands if the successor's first is that one).
   */
  readonly successorFirstWatch: {
    readonly afterKillMs: number;
    readonly block: number;
    readonly lastWatchedByKilled: number;
  } | null;
  /** Units of guard work (a block's share for one partition) each instance logged doing; both or none is a fault. */
  readonly watchedByKilled: number;
  readonly watchedBySuccessor: number;
  readonly watchedByBoth: number;
  readonly watchedByNone: number;
  readonly calledButNotMined: number;
  readonly instanceStartSeconds: readonly number[];
  readonly instanceWarnings: number;
  readonly firstWarning: string | null;
}

export async function runGuardKillBench(options: GuardKillOptions): Promise<GuardKillResult> {
  const redisKeyPrefix = `${process.env.REDIS_KEY_PREFIX ?? "bench:"}guardkill:${process.pid}:`;
  const workQueue = process.env.GUARD_WORK_QUEUE ?? "pg-boss";
  let world: WorldChain | undefined;
  let db: MigratedSchema | undefined;
  let receiver: WebhookReceiver | undefined;
  const instances: ServiceProcess[] = [];
  const startSeconds: number[] = [];
  try {
    [world, db, receiver] = await Promise.all([
      startWorldChain(),
      migratedSchema("bench_guard_kill", 2),
      startWebhookReceiver(),
    ]);
    // Info, for the lease's and the watcher's lines the run is read from.
    const env = {
      ...(await guardEnvironment(world, db, redisKeyPrefix)),
      LOG_LEVEL: "info",
      GUARD_WORK_QUEUE: workQueue,
    };
    instances.push(await timedSpawn(env, "guard instance a", startSeconds));
    instances.push(await timedSpawn(env, "guard instance b", startSeconds));
    const hook = receiver;
    const load = new GuardChainLoad(world.rpcUrl);
    const senders = Array.from({ length: options.alertsPerBlock }, freshAddress);
    await load.prepare(senders);
    const { subscriptions } = await createSubscriptions(
      instances[0]!.url,
      hook.url,
      options.subscriptions,
      CONTRACTS_PER_SUBSCRIPTION,
    );
    const watcherOf = new Map(subscriptions.flatMap((s) => s.contracts.map((c) => [c, s.id] as const)));
    let turn = 0;
    const callsFor = (): WatchedCall[] =>
      senders.map((from) => {
        const t = turn++;
        const subscription = subscriptions[t % subscriptions.length]!;
        return { from, to: subscription.contracts[Math.floor(t / subscriptions.length) % CONTRACTS_PER_SUBSCRIPTION]! };
      });
    await load.mine(WARM_UP_BLOCKS, BLOCK_INTERVAL_MS, callsFor);
    await sleep(5_000);

    const blocks = blocksIn(options.seconds);
    const half = Math.floor(blocks / 2);
    let killed: { instance: ServiceProcess; at: number; wallAt: number } | null = null;
    const mined: MinedBlock[] = await load.mine(blocks, BLOCK_INTERVAL_MS, callsFor, async (i) => {
      if (i !== half) return;
      const leader = await follower(db!.pool, instances);
      killed = { instance: leader, at: performance.now(), wallAt: Date.now() };
      leader.child.kill("SIGKILL");
    });
    const kill = killed as { instance: ServiceProcess; at: number; wallAt: number } | null;
    if (kill === null) throw new Error("the leader was never killed");
    const successor = instances.find((i) => i !== kill.instance)!;

    // Expected alerts from the chain alone: each sent call the node mined, to the one subscription watching `to`.
    const sent = mined.flatMap((b) => b.sent.map((c) => ({ ...c, minedAt: b.minedAt })));
    const receipts = new Map((await load.receipts(sent.map((c) => c.hash))).map((r) => [r.hash, r]));
    const expected: ExpectedAlert[] = sent.flatMap((c) => {
      const receipt = receipts.get(c.hash);
      if (receipt === undefined || !receipt.succeeded) return [];
      return [
        { subscriptionId: watcherOf.get(c.to)!, txHash: c.hash, blockNumber: receipt.blockNumber, minedAt: c.minedAt },
      ];
    });
    // Until every alert arrived, and past the outbox lease after the kill (a send the kill cut is resent then).
    const deadline = Math.max(performance.now() + DRAIN_MS, kill.at + OUTBOX_LEASE_MS + DRAIN_MS);
    const tookOverAt = () => {
      const wall = logTime(successor.output(), TOOK_OVER);
      return wall === null ? Infinity : kill.at + (wall - kill.wallAt);
    };
    for (;;) {
      const seen = killDeliveries(expected, hook.received, kill.at, tookOverAt());
      const pastLease = performance.now() > kill.at + OUTBOX_LEASE_MS + 5_000;
      if ((seen.lost === 0 && pastLease) || performance.now() > deadline) break;
      await sleep(500);
    }
    await sleep(2_000);
    await load.release();

    const numbers = mined.map((b) => b.number);
    const [first, last] = [Math.min(...numbers), Math.max(...numbers)];
    const published = await db.pool.query<{ n: number }>(
      "SELECT count(DISTINCT number)::int AS n FROM chain_blocks WHERE number BETWEEN $1 AND $2",
      [first, last],
    );
    // A block job whose holder was killed goes back to the queue with its retry count raised.
    const handedOn = await db.pool
      .query<{ n: number }>(`SELECT count(*)::int AS n FROM ${db.schema}_pgboss.job WHERE retry_count > 0`)
      .then((r) => r.rows[0]?.n ?? 0)
      .catch(() => null);
    const byKilled = watchedUnits(kill.instance.output());
    const bySuccessor = watchedUnits(successor.output());
    // A unit of guard work is a block's share for one partition (GUARD_WORK_PARTITIONS; inline logs none: one unit).
    const partitions = [...new Set([...byKilled, ...bySuccessor].map((unit) => unit.split("/")[1] ?? "0"))];
    const units = numbers.flatMap((n) => (partitions.length === 0 ? ["0"] : partitions).map((p) => `${n}/${p}`));
    const count = (test: (k: boolean, s: boolean) => boolean) =>
      units.filter((unit) => test(byKilled.has(unit), bySuccessor.has(unit))).length;
    const tookOver = logTime(successor.output(), TOOK_OVER);
    const resumed = firstWatchAfter(successor.output(), kill.wallAt);
    const warnings = instances.flatMap((i) => i.output().split("\n")).filter((l) => /"level":(40|50|60)/.test(l));
    return {
      ...killDeliveries(expected, hook.received, kill.at, tookOverAt()),
      workQueue,
      subscriptions: subscriptions.length,
      contracts: watcherOf.size,
      alertsPerBlock: options.alertsPerBlock,
      blocks: mined.length,
      blocksBeforeKill: half,
      tookOverAfterMs: tookOver === null ? null : tookOver - kill.wallAt,
      blocksPublished: published.rows[0]?.n ?? 0,
      jobsHandedOn: handedOn,
      successorFirstWatch:
        resumed === null
          ? null
          : {
              afterKillMs: resumed.time - kill.wallAt,
              block: resumed.block,
              lastWatchedByKilled: Math.max(0, ...[...byKilled].map((unit) => Number(unit.split("/")[0]))),
            },
      watchedByKilled: count((k) => k),
      watchedBySuccessor: count((_, s) => s),
      watchedByBoth: count((k, s) => k && s),
      watchedByNone: count((k, s) => !k && !s),
      calledButNotMined: sent.length - expected.length,
      instanceStartSeconds: startSeconds,
      instanceWarnings: warnings.length,
      firstWarning: warnings[0]?.slice(0, 300) ?? null,
    };
  } finally {
    await stopCluster({ instances, receiver, world, db, redisKeyPrefix });
  }
}

/** The instance whose pid the chain-follower lease row names (holder `host:pid:random`). */
async function follower(pool: pg.Pool, instances: readonly ServiceProcess[]): Promise<ServiceProcess> {
  const { rows } = await pool.query<{ holder: string }>(
    "SELECT holder FROM chain_follower_lease WHERE expires_at > now()",
  );
  const pid = Number(rows[0]?.holder.split(":").at(-2));
  const leader = instances.find((i) => i.child.pid === pid);
  if (leader === undefined) throw new Error(`no instance holds the chain-follower lease (${JSON.stringify(rows)})`);
  return leader;
}

/** The units of guard work (`<block>/<partition>`) an instance logged doing, as the chain-follower e2e counts them. */
function watchedUnits(output: string): Set<string> {
  const units = new Set<string>();
  for (const line of output.split("\n"))
    if (line.includes('"guard watched block"')) {
      const { block, partition } = JSON.parse(line) as { block?: number; partition?: number };
      if (block !== undefined) units.add(`${block}/${partition ?? 0}`);
    }
  return units;
}

/** The first block an instance logged watching after `wallAt` (ms since the epoch), with its log time. */
function firstWatchAfter(output: string, wallAt: number): { time: number; block: number } | null {
  for (const line of output.split("\n")) {
    if (!line.includes('"guard watched block"')) continue;
    const { time, block } = JSON.parse(line) as { time?: number; block?: number };
    if (time !== undefined && block !== undefined && time > wallAt) return { time, block };
  }
  return null;
}

/** The log time (ms since the epoch) of the first line carrying `message`. */
function logTime(output: string, message: string): number | null {
  const line = output.split("\n").find((l) => l.includes(`"msg":"${message}"`));
  return line === undefined ? null : ((JSON.parse(line) as { time?: number }).time ?? null);
}
