import type { Container } from "inversify";
import type { Logger } from "pino";
import { buildHttpApp } from "../adapters/http/app";
import { redactUrl } from "../adapters/shared/http-json";
import { startChainRuntime } from "./chain-runtime";
import { startWorkers, type RunningWorkers } from "./workers";
import { startDevWorld, type DevWorld } from "../dev-world/dev-world";
import { devWorldSettings, writeDevSanctionsList } from "../dev-world/dev-world-settings";
import { withDefaults, type Config } from "./config/config";
import { buildContainer, runtimeOver, shutDownContainer } from "./container";
import { startHttpServer, type RunningServer } from "./http-server";
import { ALT_OPEN_CORS_PATHS, composeAltRouters, composeRouters } from "./routers";
import { migratePostgres } from "../adapters/storage/postgres-migrations";
import { connectRedis, redisReady } from "./redis-connection";
import type { Redis } from "ioredis";
import { PaidQuery } from "../application/use-cases/payment/paid-query.use-case";
import type { SuiChain } from "../application/ports/sui-chain.port";
import { startSuiDevWorld, suiScenarioManifest } from "../dev-world/sui/sui-dev-world";
import { suiGraphQLChain, suiOracleAddress, suiOracleKey } from "./sui-runtime";

/** How long shutdown lets in-flight requests (and the settlements inside them) finish. */
const SETTLEMENT_DRAIN_MS = 10_000;

/**
 * Stops accepting and waits, at most SETTLEMENT_DRAIN_MS, for in-flight requests; a settlement
 * still under way after that is logged by key (its reservation stays, so the payment is never
 * spent twice; the payer's retry is answered once its outcome is known).
 */
async function settleInFlight(
  server: RunningServer | undefined,
  container: Container | undefined,
  logger: Logger,
): Promise<void> {
  if (server === undefined) return;
  let timer: NodeJS.Timeout | undefined;
  const drained = await Promise.race([
    server.close().then(() => true),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), SETTLEMENT_DRAIN_MS))),
  ]);
  clearTimeout(timer);
  const pending = container?.isBound(PaidQuery) === true ? container.get(PaidQuery).settlementsInFlight() : [];
  if (!drained || pending.length > 0)
    logger.warn({ reservedKeys: pending }, "shutdown with settlements in flight; their keys stay reserved");
}

export interface RunningApplication {
  readonly url: string;
  /** The Sui app: coin and Sui wallet scores, widget.js. */
  readonly suiUrl: string;
  /** Set on the embedded Sui default: the seeded Sui roles (also at {sui}/api/dev/scenario). */
  readonly suiScenario: ReturnType<typeof suiScenarioManifest> | null;
  readonly rpcUrl: string;
  /** Set in embedded mode: the seeded world (its manifest names every role). */
  readonly devWorld: DevWorld | null;
  /** Protocol Guard: resolves once every block followed so far has been watched (tests, demo). */
  guardIdle(): Promise<void>;
  /**
   * One pass of the block stream now (the one it makes every poll): the index, the transfer graph and the watcher
   * have followed the chain as it is, a reorganisation included; resolves with the head reached (tests, demo).
   */
  followChain(): Promise<number>;
  /** Stop accepting, finish in-flight requests, close adapters. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Embedded mode: run the world's scenarios even when a recording of them is cached (`npm start -- --reseed`). */
  readonly reseed?: boolean;
  /**
   * Tests only: adjusts the composition root's bindings after they are made and before anything is
   * resolved or started (e.g. a port wrapped to fail), so production wiring stays the one under test.
   */
  readonly adjustContainer?: (container: Container) => void;
}

/** The seeded dev world of the embedded default, and the configuration it implies. */
async function startEmbeddedWorld(
  config: Config,
  logger: Logger,
  options: StartOptions,
): Promise<{ world: DevWorld | null; config: Config; scenario: unknown }> {
  if (config.chainMode !== "embedded") return { world: null, config, scenario: null };
  const world = await startDevWorld({
    host: config.env.DEV_CHAIN_HOST,
    port: config.env.DEV_CHAIN_PORT,
    chainId: config.env.CHAIN_ID,
    allowUnlimitedContractSize: config.env.DEV_CHAIN_UNLIMITED_CONTRACT_SIZE === "true",
    reseed: options.reseed === true,
  });
  logger.info({ rpcUrl: world.chain.rpcUrl, timings: world.timings }, "embedded chain seeded");
  return { world, config: await embeddedWorldConfig(config, world), scenario: devWorldSettings(world).scenario };
}

/**
 * The configuration a seeded world implies (its RPC, payee, markets, registry and sanctions list) under what the
 * operator set: the service's embedded default, and the tests' scoring world over the shared seeded chain.
 */
export async function embeddedWorldConfig(config: Config, world: DevWorld): Promise<Config> {
  const implied = devWorldSettings(world);
  return withDefaults(config, {
    RPC_URL: [implied.rpcUrl],
    PAYMENT_PAY_TO: implied.payTo,
    PAYMENT_SETTLEMENT_PRIVATE_KEY: implied.settlementPrivateKey,
    OFFICIAL_ISSUERS: implied.officialIssuers,
    DEX_FACTORY: implied.dexFactories,
    DEX_ROUTER: implied.dexRouters,
    DEX_QUOTE_TOKENS: implied.quoteTokens,
    STAKING_CONTRACTS: implied.stakingContracts,
    SCORE_REGISTRY_ADDRESS: implied.scoreRegistry,
    REGISTRY_ORACLE_PRIVATE_KEY: implied.registryOraclePrivateKey,
    SANCTIONS_EXTRA_FILE: await writeDevSanctionsList(implied.sanctionedAddresses),
  });
}

/**
 * The Sui side: SuiGraphQLChain with SUI_GRAPHQL_URL, otherwise the embedded Sui ledger (a dev-world
 * overlay like the EVM chain), whose OracleCap belongs to the configured or a fresh oracle key.
 */
function startSui(config: Config): { chain: SuiChain; scenario: ReturnType<typeof suiScenarioManifest> | null } {
  const real = suiGraphQLChain(config);
  if (real !== null) return { chain: real, scenario: null };
  const world = startSuiDevWorld(suiOracleAddress(suiOracleKey(config)));
  return { chain: world.chain, scenario: suiScenarioManifest(world.scenario) };
}

/**
 * Starts the embedded world (in the embedded default: the only place that knows it exists), the
 * chain side, the container and the HTTP server, in that order.
 */
export async function startApplication(
  configured: Config,
  logger: Logger,
  options: StartOptions = {},
): Promise<RunningApplication> {
  // Where a start's time goes, logged with "listening" (ms since the process started, at the end of each phase).
  const phases: Record<string, number> = { entered: Math.round(performance.now()) };
  const phaseDone = (name: string) => (phases[name] = Math.round(performance.now()));
  const { world, config, scenario } = await startEmbeddedWorld(configured, logger, options);
  phaseDone("world");
  let chain: Awaited<ReturnType<typeof startChainRuntime>>;
  try {
    // Schema first: no adapter (the chain index included) may see a database its code does not match.
    if (config.env.DATABASE_URL !== undefined) {
      const applied = await migratePostgres(config.env.DATABASE_URL, { info: (message) => logger.debug(message) });
      if (applied.length > 0) logger.info({ migrations: applied }, "database migrated");
    }
    chain = await startChainRuntime(config, logger);
    phaseDone("chainRuntime");
  } catch (error) {
    await world?.chain.close();
    throw error;
  }
  let container: Container | undefined;
  let workers: RunningWorkers | undefined;
  let server: RunningServer | undefined;
  let suiServer: RunningServer | undefined;
  const sui = startSui(config);
  let redis: Redis | undefined;
  // Whatever was started is stopped again, in reverse order, on shutdown or on a failed start.
  const stop = async () => {
    await suiServer?.close();
    await settleInFlight(server, container, logger);
    await workers?.stop();
    if (container === undefined) redis?.disconnect();
    else await shutDownContainer(container);
    await chain.close();
    await world?.chain.close();
  };
  try {
    if (config.env.REDIS_URL !== undefined) {
      redis = connectRedis(config.env.REDIS_URL, logger);
      // Serve degraded rather than not at all: limits fall back per instance until Redis answers.
      if (!(await redisReady(redis))) logger.warn("Redis not ready at start-up; serving with per-instance limits");
    }
    const publicUrl = () => config.env.PUBLIC_BASE_URL ?? server?.url ?? `http://${config.env.HOST}:${config.env.PORT}`;
    container = buildContainer(
      await runtimeOver({ config, logger, chain, suiChain: sui.chain, ...(redis ? { redis } : {}), publicUrl }),
    );
    options.adjustContainer?.(container);
    phaseDone("container");
    workers = await startWorkers(container, chain, config, logger);
    phaseDone("workers");
    const app = buildHttpApp({ logger, ...composeRouters(container, config, publicUrl, scenario) });
    server = await startHttpServer(app, config.env.HOST, config.env.PORT);
    const suiUrl = () => suiServer?.url ?? `http://${config.env.HOST}:${config.env.ALT_PORT}`;
    const suiRouters = composeAltRouters(container, config, suiUrl, sui.scenario);
    const suiApp = buildHttpApp({ logger, routers: suiRouters, openCorsPaths: ALT_OPEN_CORS_PATHS });
    suiServer = await startHttpServer(suiApp, config.env.HOST, config.env.ALT_PORT);
    phaseDone("servers");
  } catch (error) {
    await stop().catch((cleanup: unknown) => logger.error({ err: cleanup }, "cleanup after a failed start failed"));
    throw error;
  }
  const suiUrl = suiServer.url;
  // The log line keeps its `altUrl` field (ALT_PORT's name): log queries outside this repository may read it.
  logger.info(
    { url: server.url, altUrl: suiUrl, chainMode: config.chainMode, rpcUrl: redactUrl(chain.rpcUrl), startMs: phases },
    "listening",
  );
  const running = workers;
  return {
    url: server.url,
    suiUrl,
    suiScenario: sui.scenario,
    rpcUrl: chain.rpcUrl,
    devWorld: world,
    guardIdle: () => running.idle(),
    followChain: () => chain.blockStream.syncOnce(),
    stop,
  };
}
