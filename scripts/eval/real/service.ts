import * as E from "fp-ts/Either";
import pino from "pino";
import { sha256Hex } from "../../../src/adapters/http/middleware/bearer-key-auth";
import type { DevWorldManifest } from "../../../src/dev-world/dev-world";
import { startApplication, type RunningApplication } from "../../../src/infrastructure/application";
import { loadConfig } from "../../../src/infrastructure/config/config";
import type { ReturnedFlag } from "./flag-categories";

export const EVAL_PLATFORM_KEY = "eval-real-platform-key";

export interface Service {
  readonly app: RunningApplication;
  readonly url: string;
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly manifest: DevWorldManifest;
}

/**
 * The service as `npm start` runs it (embedded chain, seeded world, every other setting at its default),
 * on free ports, with a platform key for /api/arc-score and the per-client limit out of the way; its chain under
 * `chainId` where given (as `CHAIN_ID=56 npm start` would).
 */
export async function startService(chainId: number | null = null): Promise<Service> {
  const config = loadConfig({
    ...(chainId === null ? {} : { CHAIN_ID: String(chainId) }),
    PORT: process.env["PORT"] ?? "0",
    DEV_CHAIN_PORT: process.env["DEV_CHAIN_PORT"] ?? "0",
    ALT_PORT: "0",
    LOG_LEVEL: "silent",
    PLATFORM_API_KEYS: sha256Hex(EVAL_PLATFORM_KEY),
    ARC_SCORE_RATE_LIMIT_PER_MINUTE: "100000",
    // Eval-only: the corpus is compiled unoptimised, which takes some real tokens past EIP-170's 24 KiB.
    DEV_CHAIN_UNLIMITED_CONTRACT_SIZE: "true",
  });
  if (E.isLeft(config)) throw new Error(`config rejected: ${config.left.join("; ")}`);
  const app = await startApplication(config.right, pino({ level: "silent" }));
  if (app.devWorld === null) throw new Error("expected the embedded dev world");
  return {
    app,
    url: app.url,
    rpcUrl: app.rpcUrl,
    chainId: app.devWorld.chain.chainId,
    manifest: app.devWorld.manifest,
  };
}

export interface Verdict {
  readonly status: number;
  readonly tier: string | null;
  readonly score: number | null;
  readonly flags: readonly ReturnedFlag[];
  readonly contractType: string | null;
  readonly ms: number;
  readonly error: string | null;
}

/** GET /api/arc-score/{address} with the platform key: the full flag list. */
export async function ask(url: string, address: string, key = EVAL_PLATFORM_KEY): Promise<Verdict> {
  const started = performance.now();
  try {
    const response = await fetch(`${url}/api/arc-score/${address}`, { headers: { authorization: `Bearer ${key}` } });
    const body = (await response.json()) as Record<string, unknown>;
    const ms = Math.round(performance.now() - started);
    const flags = Array.isArray(body["flags"]) ? (body["flags"] as ReturnedFlag[]) : [];
    return {
      status: response.status,
      tier: typeof body["tier"] === "string" ? body["tier"] : null,
      score: typeof body["score"] === "number" ? body["score"] : null,
      flags,
      contractType: typeof body["contractType"] === "string" ? body["contractType"] : null,
      ms,
      error: response.status === 200 ? null : JSON.stringify(body).slice(0, 200),
    };
  } catch (error) {
    const ms = Math.round(performance.now() - started);
    return { status: 0, tier: null, score: null, flags: [], contractType: null, ms, error: String(error) };
  }
}

/** Runs `work` over `items`, `width` at a time, keeping order. */
export async function pool<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i] as T);
    }
  });
  await Promise.all(lanes);
  return out;
}
