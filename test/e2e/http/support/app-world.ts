import { createHash } from "node:crypto";
import { Contract, JsonRpcProvider, Network, Wallet } from "ethers";
import * as E from "fp-ts/Either";
import pino from "pino";
import { EIP3009_ABI } from "../../../../src/adapters/payment/eip3009-contract";
import { startApplication, type RunningApplication } from "../../../../src/infrastructure/application";
import { loadConfig } from "../../../../src/infrastructure/config/config";
import type { DevWorldManifest } from "../../../../src/dev-world/dev-world";

/** The whole service as `npm start` runs it (embedded chain, seeded world), reached over real HTTP. */
export interface AppWorld {
  readonly app: RunningApplication;
  readonly url: string;
  readonly manifest: DevWorldManifest;
  readonly chainId: number;
  readonly provider: JsonRpcProvider;
  /** The dev account that holds USDC and signs oracle payments. */
  readonly payer: Wallet;
  readonly usdcBalance: (address: string) => Promise<bigint>;
  /** Head block timestamp: payment authorizations are stamped with chain time. */
  readonly headTime: () => Promise<number>;
}

/** The platform credential the e2e server accepts (only its digest is configured). */
export const PLATFORM_KEY = "e2e-platform-key";
/** The operator credential (revocations, flag decisions, the feedback queue); a key of its own. */
export const OPERATOR_KEY = "e2e-operator-key";

const ENV = {
  PORT: "0",
  DEV_CHAIN_PORT: "0",
  ALT_PORT: "0",
  LOG_LEVEL: "silent",
  WIDGET_RATE_LIMIT_PER_MINUTE: "100000",
  BATCH_RATE_LIMIT_PER_MINUTE: "100000",
  NFT_RATE_LIMIT_PER_MINUTE: "100000",
  ARC_SCORE_RATE_LIMIT_PER_MINUTE: "100000",
  GRAPH_TRUST_RATE_LIMIT_PER_MINUTE: "100000",
  STAKING_RATE_LIMIT_PER_MINUTE: "100000",
  GATING_RATE_LIMIT_PER_MINUTE: "100000",
  GUARD_RATE_LIMIT_PER_MINUTE: "100000",
  ORACLE_RATE_LIMIT_PER_MINUTE: "100000",
  SUBSCRIBE_RATE_LIMIT_PER_MINUTE: "100000",
  SUBSCRIBE_LIMIT_PER_DAY: "100000",
  DISPUTE_RATE_LIMIT_PER_MINUTE: "100000",
  SCAN_RATE_LIMIT_PER_MINUTE: "100000",
  PLATFORM_API_KEYS: createHash("sha256").update(PLATFORM_KEY).digest("hex"),
  OPERATOR_API_KEYS: createHash("sha256").update(OPERATOR_KEY).digest("hex"),
  // No answer cache: every query is computed and snapshotted, so snapshot history is observable.
  SCORE_CACHE_TTL_SECONDS: "0",
};

let started: Promise<AppWorld> | undefined;

async function start(): Promise<AppWorld> {
  const config = loadConfig(ENV);
  if (E.isLeft(config)) throw new Error(`test config rejected: ${config.left.join("; ")}`);
  const app = await startApplication(config.right, pino({ level: "silent" }));
  const world = app.devWorld;
  if (world === null) throw new Error("expected the embedded dev world");
  const { manifest, chain } = world;
  const network = Network.from(chain.chainId);
  const provider = new JsonRpcProvider(app.rpcUrl, network, { staticNetwork: network, cacheTimeout: -1 });
  const usdc = new Contract(manifest.contracts.usdc, EIP3009_ABI, provider);
  const payerKey = chain.accounts[manifest.devAccounts.payerIndex]?.privateKey;
  if (payerKey === undefined) throw new Error("no payer key in the dev world");
  return {
    app,
    url: app.url,
    manifest,
    chainId: chain.chainId,
    provider,
    payer: new Wallet(payerKey, provider),
    usdcBalance: async (address) => (await usdc.getFunction("balanceOf").staticCall(address)) as bigint,
    headTime: async () => (await provider.getBlock("latest"))?.timestamp ?? Math.floor(Date.now() / 1000),
  };
}

/** The one application of this mocha run, started on first use (seeding takes a few seconds). */
export function appWorld(): Promise<AppWorld> {
  started ??= start();
  return started;
}

// Root-level hook (this module is loaded while mocha reads the spec files): stop the app once, at the end.
after(async function () {
  // Stopping lets in-flight requests finish (up to 10 s) and closes every loop: not a 20 s job on a loaded machine.
  this.timeout(120_000);
  if (started === undefined) return;
  const world = await started;
  world.provider.destroy();
  // Every test has run: this is cleanup, and mocha exits after it (exit: true). The root teardown that hung past
  // 120 s was the payment world's chain close, waiting on a client's keep-alive connection (fixed in
  // src/dev-world/embedded-chain.ts; test/integration/dev-world/embedded-chain-close.test.ts). Past STOP_WAIT_MS a
  // stop is still said, not failed.
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), STOP_WAIT_MS)));
  const outcome = await Promise.race([world.app.stop().then(() => "stopped" as const), waited]);
  clearTimeout(timer);
  if (outcome === "late")
    process.stderr.write(`app-world: the shared app was still stopping after ${STOP_WAIT_MS} ms\n`);
});

const STOP_WAIT_MS = 100_000;
