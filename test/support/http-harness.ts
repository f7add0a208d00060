import * as E from "fp-ts/Either";
import pino from "pino";
import type Router from "@koa/router";
import { buildHttpApp } from "../../src/adapters/http/app";
import { loadConfig, type Config } from "../../src/infrastructure/config/config";
import { buildContainer } from "../../src/infrastructure/container";
import { startHttpServer, type RunningServer } from "../../src/infrastructure/http-server";
import { composeRouters } from "../../src/infrastructure/routers";

export const silentLogger = pino({ level: "silent" });

export function testConfig(env: Record<string, string> = {}): Config {
  const config = loadConfig({ PORT: "0", ...env });
  if (E.isLeft(config)) throw new Error(config.left.join("; "));
  return config.right;
}

/** A real server on 127.0.0.1 with the production routers (or the given ones). */
export async function startTestServer(
  options: { env?: Record<string, string>; routers?: Router[] } = {},
): Promise<RunningServer> {
  const config = testConfig(options.env);
  const container = buildContainer({ config, logger: silentLogger, readinessProbes: [] });
  const routers = options.routers ?? composeRouters(container, config, "http://127.0.0.1");
  const app = buildHttpApp({ logger: silentLogger, routers });
  return startHttpServer(app, "127.0.0.1", 0);
}
