import type { Logger } from "pino";
import { buildHttpApp } from "../adapters/http/app";
import type { Config } from "./config/config";
import { buildContainer } from "./container";
import { startHttpServer } from "./http-server";
import { composeRouters } from "./routers";

export interface RunningApplication {
  readonly url: string;
  /** Stop accepting, finish in-flight requests, close adapters. */
  stop(): Promise<void>;
}

/** Starts the chain side (embedded or remote), the container and the HTTP server, in that order. */
export async function startApplication(config: Config, logger: Logger): Promise<RunningApplication> {
  const container = buildContainer({ config, logger, readinessProbes: [] });
  const publicUrl = config.env.PUBLIC_BASE_URL ?? `http://${config.env.HOST}:${config.env.PORT}`;
  const app = buildHttpApp({ logger, routers: composeRouters(container, config, publicUrl) });
  const server = await startHttpServer(app, config.env.HOST, config.env.PORT);
  logger.info({ url: server.url, chainMode: config.chainMode }, "listening");
  return {
    url: server.url,
    stop: async () => {
      await server.close();
      container.unbindAll();
    },
  };
}
