import * as E from "fp-ts/Either";
import { pino } from "pino";
import { performance } from "node:perf_hooks";
import type { DevWorldManifest, DevWorldRoles } from "../../src/dev-world/dev-world";
import { startApplication, type RunningApplication } from "../../src/infrastructure/application";
import { loadConfig } from "../../src/infrastructure/config/config";

/**
 * The real application on loopback with ephemeral ports. Rate limits are raised to the config's
 * maximum (100,000 a minute): the bench measures serving, not throttling.
 */
export interface BenchApplication {
  readonly app: RunningApplication;
  readonly manifest: DevWorldManifest;
  readonly startMs: number;
}

export async function startBenchApplication(
  extraEnv: Readonly<Record<string, string>> = {},
): Promise<BenchApplication> {
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    DEV_CHAIN_HOST: "127.0.0.1",
    DEV_CHAIN_PORT: "0",
    ALT_PORT: "0",
    WIDGET_RATE_LIMIT_PER_MINUTE: "100000",
    // The widget bench names a client per run with X-Forwarded-For (see app-http.bench.ts).
    TRUSTED_PROXIES: "127.0.0.1",
    BATCH_RATE_LIMIT_PER_MINUTE: "100000",
    LOG_LEVEL: "silent",
    ...extraEnv,
  });
  if (E.isLeft(config)) throw new Error(`bench config rejected: ${config.left.join("; ")}`);
  const started = performance.now();
  const app = await startApplication(config.right, pino({ level: "silent" }));
  const startMs = performance.now() - started;
  if (app.devWorld === null) {
    await app.stop();
    throw new Error("expected the embedded dev world");
  }
  return { app, manifest: app.devWorld.manifest, startMs };
}

export const widgetUrl = (app: RunningApplication, address: string): string => `${app.url}/api/widget/score/${address}`;

/** Polls until the URL answers 200 (the route may still be a 501 stub); returns the last answer. */
export async function pollFor200(url: string, timeoutMs: number): Promise<{ status: number; body: string }> {
  const deadline = performance.now() + timeoutMs;
  let last = { status: 0, body: "" };
  while (performance.now() < deadline) {
    const response = await fetch(url);
    last = { status: response.status, body: (await response.text()).slice(0, 200) };
    if (last.status === 200) return last;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return last;
}

const TOKEN_AND_NFT_ROLES = [
  "healthyToken",
  "honeypotToken",
  "taxToken",
  "coordinatedToken",
  "exitSyncToken",
  "rugToken",
  "washToken",
  "selfStakedToken",
  "unstakeAfterDeployToken",
  "nftOrganic",
  "nftWash",
  "nft1155",
  "nftDump",
] as const satisfies readonly (keyof DevWorldRoles)[];

const WALLET_ROLES = [
  "longLivedWallet",
  "botWallet",
  "freshWallet",
  "churner",
  "recentStaker",
  "fundingSource",
  "healthyTokenDeployer",
  "honeypotDeployer",
  "taxDeployer",
  "coordinatedDeployer",
  "rugDeployer",
  "nftOrganicCreator",
  "selfStakingDeployer",
  "healthyHolders",
  "honeypotVictims",
  "taxBuyers",
  "coordinatedBuyers",
  "exitSyncHolders",
  "rugBuyers",
  "washTraders",
  "nftOrganicHolders",
  "nftWashTraders",
  "honestStakers",
  "stakingRing",
] as const satisfies readonly (keyof DevWorldRoles)[];

/** `count` distinct seeded addresses: every token and NFT first, then wallets of every role. */
export function seededAddresses(manifest: DevWorldManifest, count: number): string[] {
  const all = [...TOKEN_AND_NFT_ROLES, ...WALLET_ROLES].flatMap((role) => {
    const value: string | readonly string[] = manifest[role];
    return typeof value === "string" ? [value] : [...value];
  });
  const distinct = [...new Set(all)];
  if (distinct.length < count) throw new Error(`the manifest names only ${distinct.length} distinct addresses`);
  return distinct.slice(0, count);
}
