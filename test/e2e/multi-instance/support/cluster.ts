import { randomBytes } from "node:crypto";
import { spawn, type ChildProcess } from "node:child_process";
import { spawnService, stopProcess, waitForOutput, type ServiceProcess } from "../../../support/service-process";
import type { MigratedSchema } from "../../../support/migrated-schema";
import { deleteKeys, openRedis } from "../../../support/redis";
import type { WebhookReceiver } from "../../../../scripts/guard/webhook-receiver";
import { HDNodeWallet, JsonRpcProvider, Mnemonic, Network, Wallet, parseEther } from "ethers";
import type { DevWorldManifest } from "../../../../src/dev-world/world/dev-world-manifest";

const DEV_MNEMONIC = "test test test test test test test test test test test junk";

export interface WorldChain {
  readonly rpcUrl: string;
  readonly manifest: DevWorldManifest;
  readonly provider: JsonRpcProvider;
  /** Development mnemonic account i (holds gas and USDC on the seeded world). */
  devWallet(index: number): HDNodeWallet;
  stop(): Promise<void>;
}

/** `npm run world`: the seeded chain served on its own, as RPC mode would meet a real node. */
export async function startWorldChain(): Promise<WorldChain> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/seed-world.ts", "0"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  const ready = await waitForOutput(child, /dev world ready at (http:\/\/\S+)/, "world chain");
  const rpcUrl = ready[1]!;
  // The manifest is printed right after the ready line.
  for (let i = 0; i < 100 && !stdout.trim().endsWith("}"); i++) await new Promise((r) => setTimeout(r, 50));
  const manifest = JSON.parse(stdout) as DevWorldManifest;
  const network = Network.from(manifest.chainId);
  const provider = new JsonRpcProvider(rpcUrl, network, { staticNetwork: network, cacheTimeout: -1 });
  return {
    rpcUrl,
    manifest,
    provider,
    devWallet: (index) =>
      HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(DEV_MNEMONIC), `m/44'/60'/0'/0/${index}`).connect(provider),
    stop: async () => {
      provider.destroy();
      await stopProcess(child, "SIGTERM");
    },
  };
}

export interface AppInstance {
  readonly url: string;
  readonly child: ChildProcess;
  stop(): Promise<void>;
  kill9(): Promise<void>;
}

/** The operator's production settings for N instances on one chain, one database, one Redis. */
export interface ClusterSettings {
  readonly env: Readonly<Record<string, string>>;
  readonly payTo: string;
}

/**
 * RPC mode insists on a payee, a settlement key and an attestation key that are not the public dev
 * mnemonic's, and a database: fresh keys here, the settlement key funded with gas by a dev account.
 */
export async function clusterSettings(
  world: WorldChain,
  shared: { databaseUrl: string; redisUrl: string; redisKeyPrefix: string },
): Promise<ClusterSettings> {
  const settler = Wallet.createRandom();
  const funding = await world.devWallet(9).sendTransaction({ to: settler.address, value: parseEther("100") });
  await funding.wait();
  const payTo = Wallet.createRandom().address;
  const c = world.manifest.contracts;
  return {
    payTo,
    env: {
      RPC_URL: world.rpcUrl,
      CHAIN_ID: String(world.manifest.chainId),
      DATABASE_URL: shared.databaseUrl,
      REDIS_URL: shared.redisUrl,
      REDIS_KEY_PREFIX: shared.redisKeyPrefix,
      PAYMENT_PAY_TO: payTo,
      PAYMENT_SETTLEMENT_PRIVATE_KEY: settler.privateKey,
      ATTESTATION_PRIVATE_KEY: Wallet.createRandom().privateKey,
      // Protocol Guard's keys are shared too: any instance opens the channels another sealed.
      GUARD_SECRET_KEY: randomBytes(32).toString("hex"),
      WEBHOOK_SIGNING_KEY: randomBytes(32).toString("hex"),
      DEX_FACTORY: c.uniswapFactory,
      DEX_ROUTER: c.uniswapRouter,
      DEX_QUOTE_TOKENS: `${c.usdc},${c.weth}`,
      STAKING_CONTRACTS: c.stakingContracts.join(","),
      // Behind one proxy: the same public URL (the x402 resource) and the proxy's X-Forwarded-For believed.
      PUBLIC_BASE_URL: "http://credence.test",
      // The Sui companion app runs in the same process: a free port each.
      ALT_PORT: "0",
      TRUSTED_PROXIES: "127.0.0.1",
      ORACLE_RATE_LIMIT_PER_MINUTE: "10000",
      BATCH_RATE_LIMIT_PER_MINUTE: "10000",
      // A reservation whose holder is killed is claimable by a retry after 5 s (120 s by default).
      PAYMENT_RESERVATION_LEASE_SECONDS: "5",
      LOG_LEVEL: "warn",
    },
  };
}

/** One app process (`npm start`) in RPC mode; resolves when it prints its ready line. */
export async function startInstance(settings: ClusterSettings, name: string): Promise<AppInstance> {
  const service = await spawnService({ ...settings.env, PORT: "0" }, `instance ${name}`);
  return {
    url: service.url,
    child: service.child,
    stop: async () => void (await service.stop("SIGTERM")),
    kill9: async () => void (await service.stop("SIGKILL")),
  };
}

/**
 * Stops what a multi-instance run started (the e2e test and the guard bench): the instances, the webhook receiver,
 * the chain, pg-boss's schema (GUARD_WORK_QUEUE=pg-boss) with the run's own, and the run's Redis keys.
 */
export async function stopCluster(parts: {
  readonly instances: readonly ServiceProcess[];
  readonly receiver: WebhookReceiver | undefined;
  readonly world: WorldChain | undefined;
  readonly db: MigratedSchema | undefined;
  readonly redisKeyPrefix: string;
}): Promise<void> {
  const { instances, receiver, world, db } = parts;
  await Promise.all(instances.map((i) => i.stop("SIGTERM")));
  await receiver?.close();
  await world?.stop();
  await db?.pool.query(`DROP SCHEMA IF EXISTS ${db.schema}_pgboss CASCADE`);
  await db?.drop();
  const redis = await openRedis();
  await deleteKeys(redis, parts.redisKeyPrefix);
  redis.disconnect();
}
