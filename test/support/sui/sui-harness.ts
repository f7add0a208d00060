import { Ed25519Keypair } from "@mysten/sui/keypairs/ed25519";
import type { Redis } from "ioredis";
import { buildHttpApp } from "../../../src/adapters/http/app";
import type { SuiChain } from "../../../src/application/ports/sui-chain.port";
import { asSuiAddress } from "../../../src/domain/sui/sui-address";
import { startSuiDevWorld, suiScenarioManifest } from "../../../src/dev-world/sui/sui-dev-world";
import { ALT_OPEN_CORS_PATHS, composeAltRouters } from "../../../src/infrastructure/routers";
import { buildContainer } from "../../../src/infrastructure/container";
import { startHttpServer, type RunningServer } from "../../../src/infrastructure/http-server";
import { detachedRuntime, silentLogger } from "../http-harness";

export interface SuiTestServer {
  readonly server: RunningServer;
  /** The seeded Sui roles (null when a chain was given). */
  readonly scenario: ReturnType<typeof suiScenarioManifest> | null;
}

/**
 * The Sui app as the composition root builds it, on port 0: the embedded Sui ledger by default,
 * or the given SuiChain (e.g. SuiGraphQLChain on a nock endpoint, or one pointing nowhere). With
 * REDIS_URL in `env`, `redis` is the connection the container uses (the caller closes it).
 */
export async function startSuiTestServer(
  options: { env?: Record<string, string>; suiChain?: SuiChain; redis?: Redis } = {},
): Promise<SuiTestServer> {
  const world =
    options.suiChain === undefined ? startSuiDevWorld(asSuiAddress(new Ed25519Keypair().toSuiAddress())) : null;
  const runtime = {
    ...detachedRuntime(options.env),
    suiChain: options.suiChain ?? world!.chain,
    ...(options.redis === undefined ? {} : { redis: options.redis }),
  };
  const container = buildContainer(runtime);
  const scenario = world === null ? null : suiScenarioManifest(world.scenario);
  let url = "http://127.0.0.1";
  const routers = composeAltRouters(container, runtime.config, () => url, scenario);
  const app = buildHttpApp({ logger: silentLogger, routers, openCorsPaths: ALT_OPEN_CORS_PATHS });
  const server = await startHttpServer(app, "127.0.0.1", 0);
  url = server.url;
  return { server, scenario };
}
