import type { Logger } from "pino";
import { buildHttpApp } from "../adapters/http/app";
import { IndexStakingBlocks } from "../application/use-cases/staking/index-staking-blocks.use-case";
import { marketSettings } from "./bindings/market-settings";
import { readQuoteTokens } from "./bindings/scoring.bindings";
import { priceSourceFor } from "./bindings/staking.bindings";
import { startChainRuntime } from "./chain-runtime";
import { startStakingIndexLoop } from "./staking-index-loop";
import type { DevWorld } from "./dev-chain/dev-world";
import type { Config } from "./config/config";
import { buildContainer, ShutdownHooks } from "./container";
import { startHttpServer } from "./http-server";
import { composeRouters } from "./routers";

export interface RunningApplication {
  readonly url: string;
  readonly rpcUrl: string;
  /** Set in embedded mode: the seeded world (its manifest names every role). */
  readonly devWorld: DevWorld | null;
  /** Stop accepting, finish in-flight requests, close adapters. */
  stop(): Promise<void>;
}

/** Starts the chain side (embedded or remote), the container and the HTTP server, in that order. */
export async function startApplication(config: Config, logger: Logger): Promise<RunningApplication> {
  const chain = await startChainRuntime(config, logger);
  const market = marketSettings(config, chain.devWorld);
  const quoteTokens = await readQuoteTokens(chain.chainReader, priceSourceFor(chain.chainReader, market), market);
  const container = buildContainer({ config, logger, chain, market, quoteTokens });
  const stakingIndex = startStakingIndexLoop(container.get(IndexStakingBlocks), () => chain.localIndex?.syncedTo, logger);
  await stakingIndex.catchUp();
  const publicUrl = config.env.PUBLIC_BASE_URL ?? `http://${config.env.HOST}:${config.env.PORT}`;
  const app = buildHttpApp({ logger, routers: composeRouters(container, config, publicUrl, chain) });
  const server = await startHttpServer(app, config.env.HOST, config.env.PORT);
  logger.info({ url: server.url, chainMode: config.chainMode, rpcUrl: chain.rpcUrl }, "listening");
  return {
    url: server.url,
    rpcUrl: chain.rpcUrl,
    devWorld: chain.devWorld,
    stop: async () => {
      await server.close();
      stakingIndex.stop();
      for (const hook of container.get<readonly (() => Promise<void>)[]>(ShutdownHooks)) await hook();
      container.unbindAll();
      await chain.close();
    },
  };
}
