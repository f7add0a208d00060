import { Contract, JsonRpcProvider, Network, Wallet } from "ethers";
import * as E from "fp-ts/Either";
import pino from "pino";
import { EIP3009_ABI } from "../../src/adapters/payment/eip3009-contract";
import { startApplication, type RunningApplication } from "../../src/infrastructure/application";
import { loadConfig } from "../../src/infrastructure/config/config";
import type { DevWorldManifest } from "../../src/dev-world/dev-world";
import { sha256Hex } from "../../src/adapters/http/middleware/bearer-key-auth";
import { ATTACK_OPERATOR_KEY, ATTACK_PLATFORM_KEY } from "./attack-request";

/** The service as `npm start` runs it (embedded chain, seeded world), with handles an attacker would have. */
export interface AttackWorld {
  readonly app: RunningApplication;
  readonly url: string;
  readonly manifest: DevWorldManifest;
  readonly chainId: number;
  readonly provider: JsonRpcProvider;
  readonly usdc: Contract;
  /** Dev account `index` (seeded with USDC) as a signer. */
  readonly wallet: (index: number) => Wallet;
  readonly usdcBalance: (address: string) => Promise<bigint>;
  readonly headTime: () => Promise<number>;
  stop(): Promise<void>;
}

/**
 * The proxy in front of the fuzzer: requests carry their own `X-Forwarded-For`, so each generated
 * request is its own client and the per-client limits (whatever their configured values) never hide
 * a 5xx behind a 429, while the rate-limit phase still reaches them from one client.
 */
export const ATTACK_PROXY = "127.0.0.1";

/** `databaseUrl`: the PostgreSQL stores instead of the in-memory ones (some inputs only fail there, e.g. NUL). */
export async function startAttackWorld(databaseUrl?: string): Promise<AttackWorld> {
  const config = loadConfig({
    PORT: "0",
    DEV_CHAIN_PORT: "0",
    ALT_PORT: "0",
    LOG_LEVEL: "silent",
    TRUSTED_PROXIES: ATTACK_PROXY,
    PLATFORM_API_KEYS: sha256Hex(ATTACK_PLATFORM_KEY),
    OPERATOR_API_KEYS: sha256Hex(ATTACK_OPERATOR_KEY),
    DATABASE_URL: databaseUrl,
  });
  if (E.isLeft(config)) throw new Error(`attack config rejected: ${config.left.join("; ")}`);
  const app = await startApplication(config.right, pino({ level: "silent" }));
  if (app.devWorld === null) throw new Error("expected the embedded dev world");
  const { manifest, chain } = app.devWorld;
  const network = Network.from(chain.chainId);
  const provider = new JsonRpcProvider(app.rpcUrl, network, { staticNetwork: network, cacheTimeout: -1 });
  const usdc = new Contract(manifest.contracts.usdc, EIP3009_ABI, provider);
  return {
    app,
    url: app.url,
    manifest,
    chainId: chain.chainId,
    provider,
    usdc,
    wallet: (index) => new Wallet(chain.accounts[index]?.privateKey ?? "", provider),
    usdcBalance: async (address) => (await usdc.getFunction("balanceOf").staticCall(address)) as bigint,
    headTime: async () => (await provider.getBlock("latest"))?.timestamp ?? 0,
    stop: async () => {
      provider.destroy();
      await app.stop();
    },
  };
}
