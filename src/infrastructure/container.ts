import "reflect-metadata";
import { Container, type Newable } from "inversify";
import type { Redis } from "ioredis";
import pg from "pg";
import { ChainReader } from "../application/ports/chain-reader.port";
import { Clock } from "../application/ports/clock.port";
import { ExplorerHistory } from "../application/ports/explorer-history.port";
import { PaymentSettler } from "../application/ports/payment-settler.port";
import { PaymentVerifier } from "../application/ports/payment-verifier.port";
import { RateLimiter } from "../application/ports/rate-limiter.port";
import { ReadinessProbes } from "../application/ports/readiness-probe.port";
import { SnapshotStore } from "../application/ports/snapshot-store.port";
import { WorkerLog } from "../adapters/workers/worker";
import { SystemClock } from "../adapters/clock/system-clock.adapter";
import { NoSharedCache } from "../adapters/cache/no-shared-cache.adapter";
import { RedisSharedCache } from "../adapters/cache/redis-shared-cache.adapter";
import { InMemoryRateLimiter } from "../adapters/rate-limit/in-memory-rate-limiter.adapter";
import { RedisRateLimiter } from "../adapters/rate-limit/redis-rate-limiter.adapter";
import { SharedCache } from "../application/ports/shared-cache.port";
import { InMemorySnapshotStore } from "../adapters/storage/in-memory-snapshot-store.adapter";
import { PostgresSnapshotStore } from "../adapters/storage/postgres-snapshot-store.adapter";
import { marketSettings } from "./market-settings";
import { disputesModule } from "./modules/disputes.module";
import { feedbackModule } from "./modules/feedback.module";
import { gatingModule } from "./modules/gating.module";
import { graphTrustModule } from "./modules/graph-trust.module";
import { paymentModule } from "./modules/payment.module";
import { platformModule } from "./modules/platform.module";
import { protocolGuardModule } from "./modules/protocol-guard.module";
import { riskCheckModule } from "./modules/risk-check.module";
import { sanctionsRegistryModule } from "./modules/sanctions-registry.module";
import { scanModule } from "./modules/scan.module";
import { readQuoteTokens, scoringModule } from "./modules/scoring.module";
import { priceSourceFor, stakingModule } from "./modules/staking.module";
import { suiModule } from "./modules/sui.module";
import { bindWriteBudget } from "./write-budget";
import type { FeatureModule, Runtime } from "./feature-module";
import { ScoreRegistry } from "../application/ports/score-registry.port";
import { StablecoinBlacklist } from "../application/ports/stablecoin-blacklist.port";
import { connectRedis } from "./redis-connection";
import { databaseProbe, redisProbe } from "./readiness-probes";

export type { Runtime } from "./feature-module";

/**
 * Every feature module, in the order the composition root binds them, tries their routers and starts their workers
 * (stopped in reverse): the staking index before Protocol Guard's delivery and watcher, graph trust last.
 */
export const MODULES: readonly FeatureModule[] = [
  platformModule,
  paymentModule,
  scoringModule,
  gatingModule,
  stakingModule,
  protocolGuardModule,
  riskCheckModule,
  scanModule,
  graphTrustModule,
  feedbackModule,
  disputesModule,
  sanctionsRegistryModule,
  suiModule,
];

/**
 * The Runtime over a started chain side: market settings from the configuration, quote-token prices read once through
 * the one price source. The service, the tests' scoring world and the flags eval build their containers from it alike.
 */
export async function runtimeOver(
  parts: Pick<Runtime, "config" | "logger" | "chain" | "suiChain" | "redis" | "publicUrl">,
): Promise<Runtime> {
  const market = marketSettings(parts.config);
  const priceSource = priceSourceFor(parts.chain.chainReader, market);
  const quoteTokens = await readQuoteTokens(parts.chain.chainReader, priceSource, market);
  return { ...parts, market, quoteTokens, priceSource };
}

/** Functions the application awaits on shutdown, after the server stops accepting. */
export const ShutdownHooks = Symbol.for("ShutdownHooks");

/** Runs the container's shutdown hooks (adapters' connections, the pool, Redis) and unbinds it. */
export async function shutDownContainer(container: Container): Promise<void> {
  for (const hook of container.get<readonly (() => Promise<void>)[]>(ShutdownHooks)) await hook();
  container.unbindAll();
}

/** Every use-case class, as each module lists them; the smoke test resolves each from the production container. */
export const USE_CASES: readonly Newable<object>[] = MODULES.flatMap((module) => module.useCases);

/** Adapters holding connections (RPC providers) expose close(); shutdown calls it if they were ever built. */
function closeIfBound(container: Container, token: symbol): void {
  if (!container.isBound(token)) return;
  const adapter = container.get<{ close?: () => void }>(token);
  adapter.close?.();
}

/**
 * Rate limits and the score cache: in process memory by default; in Redis (shared by every
 * instance, keys under REDIS_KEY_PREFIX) when REDIS_URL is set, each falling back per instance
 * while Redis is unreachable.
 */
function bindSharedState(container: Container, runtime: Runtime): Redis | null {
  const { REDIS_URL, REDIS_KEY_PREFIX } = runtime.config.env;
  if (REDIS_URL === undefined) {
    container.bind(RateLimiter).to(InMemoryRateLimiter);
    container.bind(SharedCache).to(NoSharedCache);
    return null;
  }
  const redis = runtime.redis ?? connectRedis(REDIS_URL, runtime.logger);
  let warned = 0;
  const onDegraded = () => {
    // The connection logs the outage once; this says, at most once a minute, that limits are local now.
    if (Date.now() - warned < 60_000) return;
    warned = Date.now();
    runtime.logger.warn("rate limits counted per instance: Redis is unreachable");
  };
  container.bind(RateLimiter).toConstantValue(new RedisRateLimiter({ redis, keyPrefix: REDIS_KEY_PREFIX, onDegraded }));
  container.bind(SharedCache).toConstantValue(
    new RedisSharedCache({
      redis,
      keyPrefix: REDIS_KEY_PREFIX,
      onError: (error) => runtime.logger.debug({ err: error }, "shared cache call failed"),
    }),
  );
  return redis;
}

/** The one composition root: ports bound to adapters, use-cases bound to themselves. */
export function buildContainer(runtime: Runtime): Container {
  const container = new Container({ defaultScope: "Singleton" });
  container.bind(Clock).to(SystemClock);
  container.bind(WorkerLog).toConstantValue(runtime.logger);
  const redis = bindSharedState(container, runtime);
  bindWriteBudget(container, runtime.config, redis, runtime.logger);
  container.bind(ChainReader).toConstantValue(runtime.chain.chainReader);
  container.bind(ExplorerHistory).toConstantValue(runtime.chain.explorer);
  // One pool for every PostgreSQL adapter (spent payments, Protocol Guard, snapshots, leaderboard, revocations, payment identifiers); pg connects lazily.
  const database =
    runtime.config.env.DATABASE_URL === undefined
      ? null
      : new pg.Pool({ connectionString: runtime.config.env.DATABASE_URL, max: 8 });
  // An idle connection dropped by the server (PostgreSQL restarting) is an event, not a crash.
  database?.on("error", (error) => runtime.logger.warn({ err: error }, "PostgreSQL connection lost"));
  // API contract: snapshots in process memory by default; DATABASE_URL makes them durable and shared.
  container
    .bind(SnapshotStore)
    .toConstantValue(database === null ? new InMemorySnapshotStore() : new PostgresSnapshotStore({ pool: database }));
  container
    .bind(ReadinessProbes)
    .toConstantValue([...runtime.chain.probes, databaseProbe(database), redisProbe(redis)]);
  const env = runtime.config.env;
  const publicUrl = runtime.publicUrl ?? (() => env.PUBLIC_BASE_URL ?? `http://${env.HOST}:${env.PORT}`);
  for (const module of MODULES) module.bind?.({ container, runtime, database, publicUrl });
  container
    .bind(ShutdownHooks)
    .toConstantValue([
      async () => closeIfBound(container, PaymentVerifier),
      async () => closeIfBound(container, PaymentSettler),
      async () => closeIfBound(container, StablecoinBlacklist),
      async () => closeIfBound(container, ScoreRegistry),
      async () => database?.end(),
      async () => void (await redis?.quit().catch(() => redis.disconnect())),
    ]);
  for (const useCase of USE_CASES) container.bind(useCase).toSelf();
  return container;
}
