/**
 * Protocol Guard under load (issue 34 items 4 and 5): block-to-alert latency on a chain mining a block every
 * 0.5 s, with 1,000 subscriptions watching 10,000 contracts, against a baseline of 10 subscriptions in the same
 * run, then the same load on two instances. The seeded chain runs on its own (`npm run world`) and the service
 * runs as `npm start` processes in RPC mode on one PostgreSQL schema of its own (and Redis), as a deployment
 * would; the webhook receiver and the miner are in this process, so both ends of every latency share one clock.
 * Needs PostgreSQL (DATABASE_URL, default the test database) and Redis (REDIS_URL).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { migratedSchema, type MigratedSchema } from "../../test/support/migrated-schema";
import { deleteKeys, openRedis, REDIS_URL } from "../../test/support/redis";
import { spawnService, type ServiceProcess } from "../../test/support/service-process";
import { clusterSettings, startWorldChain, type WorldChain } from "../../test/e2e/multi-instance/support/cluster";
import { startWebhookReceiver, type WebhookReceiver } from "../guard/webhook-receiver";
import { freshAddress, GuardChainLoad, type MinedBlock, type WatchedCall } from "./guard-chain-load";
import { phaseLatency, type GuardLatency } from "./guard-latency";
import { createSubscriptions, type BenchSubscription } from "./guard-subscriptions";

const BLOCK_INTERVAL_MS = 500;
const CONTRACTS_PER_SUBSCRIPTION = 10;
/** Unmeasured blocks first: the senders' first scorings (then cached, SCORE_CACHE_TTL_SECONDS) are not a phase's. */
const WARM_UP_BLOCKS = 6;
/** How long a phase's last alerts may take to arrive before they count as not delivered. */
const DRAIN_MS = 30_000;

export interface GuardBenchOptions {
  /** Seconds of mining with 1,000 subscriptions; the baseline mines a third of it, two instances half. */
  readonly seconds: number;
  readonly subscriptions: number;
  readonly baselineSubscriptions: number;
  /** Calls to watched contracts per block (each a different subscription's, in turn): alerts per block. */
  readonly alertsPerBlock: number;
  /** 1 or 2. */
  readonly instances: number;
}

export interface GuardBenchResult {
  readonly subscriptions: number;
  readonly contracts: number;
  readonly subscribeSeconds: number;
  readonly alertsPerBlock: number;
  readonly baseline: GuardLatency & { readonly subscriptions: number };
  readonly oneInstance: GuardLatency;
  readonly twoInstances: GuardLatency | null;
  /** Warn/error lines the service instances logged during the run (their first, cut short). */
  readonly instanceWarnings: number;
  readonly firstWarning: string | null;
}

export async function runGuardBench(options: GuardBenchOptions): Promise<GuardBenchResult> {
  const redisKeyPrefix = `${process.env.REDIS_KEY_PREFIX ?? "bench:"}guard:${process.pid}:`;
  let world: WorldChain | undefined;
  let db: MigratedSchema | undefined;
  let receiver: WebhookReceiver | undefined;
  const instances: ServiceProcess[] = [];
  try {
    [world, db, receiver] = await Promise.all([
      startWorldChain(),
      migratedSchema("bench_guard", 2),
      startWebhookReceiver(),
    ]);
    const settings = await clusterSettings(world, { databaseUrl: db.url, redisUrl: REDIS_URL, redisKeyPrefix });
    const env = {
      ...settings.env,
      PORT: "0",
      LOG_LEVEL: "warn",
      OUTBOUND_ALLOWLIST: "127.0.0.1",
      // The bench creates its subscriptions through the public route: its budgets are not what is measured.
      SUBSCRIBE_RATE_LIMIT_PER_MINUTE: "100000",
      SUBSCRIBE_LIMIT_PER_DAY: "1000000",
    };
    instances.push(await spawnService(env, "guard instance a"));
    const api = instances[0]!.url;
    const load = new GuardChainLoad(world.rpcUrl);
    const senders = Array.from({ length: options.alertsPerBlock }, freshAddress);
    await load.prepare(senders);
    const hook = receiver;
    const drive = driver(load, senders, hook);

    const baselineSet = await createSubscriptions(
      api,
      hook.url,
      options.baselineSubscriptions,
      CONTRACTS_PER_SUBSCRIPTION,
    );
    await drive.phase(baselineSet.subscriptions, WARM_UP_BLOCKS);
    const baselineSeconds = Math.max(10, Math.round(options.seconds / 3));
    const baseline = await drive.phase(baselineSet.subscriptions, blocksIn(baselineSeconds));

    const rest = await createSubscriptions(
      api,
      hook.url,
      options.subscriptions - options.baselineSubscriptions,
      CONTRACTS_PER_SUBSCRIPTION,
    );
    const all = [...baselineSet.subscriptions, ...rest.subscriptions];
    const one = await drive.phase(all, blocksIn(options.seconds));

    let two: MinedBlock[] | null = null;
    const twoSeconds = Math.max(10, Math.round(options.seconds / 2));
    if (options.instances >= 2) {
      instances.push(await spawnService(env, "guard instance b"));
      two = await drive.phase(all, blocksIn(twoSeconds));
    }
    // Late duplicates of any phase are counted too.
    await sleep(2_000);
    await load.release();
    const received = hook.received;
    const warnings = instances.flatMap((i) => i.output().split("\n")).filter((l) => /"level":(40|50|60)/.test(l));
    return {
      subscriptions: all.length,
      contracts: all.reduce((n, s) => n + s.contracts.length, 0),
      subscribeSeconds: Math.round((baselineSet.seconds + rest.seconds) * 1000) / 1000,
      alertsPerBlock: options.alertsPerBlock,
      baseline: {
        ...phaseLatency(baseline, received, baselineSeconds),
        subscriptions: baselineSet.subscriptions.length,
      },
      oneInstance: phaseLatency(one, received, options.seconds),
      twoInstances: two === null ? null : phaseLatency(two, received, twoSeconds),
      instanceWarnings: warnings.length,
      firstWarning: warnings[0]?.slice(0, 300) ?? null,
    };
  } finally {
    await Promise.all(instances.map((i) => i.stop("SIGTERM")));
    await receiver?.close();
    await world?.stop();
    await db?.drop();
    const redis = await openRedis();
    await deleteKeys(redis, redisKeyPrefix);
    redis.disconnect();
  }
}

const blocksIn = (seconds: number) => Math.round((seconds * 1000) / BLOCK_INTERVAL_MS);

/**
 * Mines phases: each block holds one call per sender, to the next subscriptions in turn (and their next
 * contract), so the alerts are known in advance; a phase ends when all its alerts arrived or DRAIN_MS passed.
 */
function driver(load: GuardChainLoad, senders: readonly string[], receiver: WebhookReceiver) {
  let turn = 0;
  return {
    async phase(subscriptions: readonly BenchSubscription[], blocks: number): Promise<MinedBlock[]> {
      const callsFor = (): WatchedCall[] =>
        senders.map((from) => {
          const t = turn++;
          const subscription = subscriptions[t % subscriptions.length]!;
          const to = subscription.contracts[Math.floor(t / subscriptions.length) % subscription.contracts.length]!;
          return { from, to };
        });
      const mined = await load.mine(blocks, BLOCK_INTERVAL_MS, callsFor);
      const deadline = performance.now() + DRAIN_MS;
      for (;;) {
        const seen = phaseLatency(mined, receiver.received, 1);
        if (seen.delivered >= seen.expected || performance.now() > deadline) return mined;
        await sleep(200);
      }
    },
  };
}
