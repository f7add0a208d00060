import type Router from "@koa/router";
import type { Container } from "inversify";
import type { Middleware } from "koa";
import type { Config } from "./config/config";
import { MODULES } from "./container";
import { routeContext } from "./feature-module";

/** What the main app serves: each module's routers, and the routes answered ahead of the edge's layers. */
export interface HttpRoutes {
  readonly routers: Router[];
  readonly earlyRoutes: Middleware[];
}

/** The main app's routers, module by module in MODULES order, from the container's use cases. */
export function composeRouters(
  container: Container,
  config: Config,
  /** The service's public base URL; known only once the server listens when PORT is 0. */
  publicUrl: () => string,
  /** Embedded mode: the seeded roles served at /api/dev/scenario; null otherwise. */
  scenario: unknown,
): HttpRoutes {
  const context = routeContext(container, config, publicUrl, scenario);
  return {
    routers: MODULES.flatMap((module) => module.routes?.(context) ?? []),
    earlyRoutes: MODULES.flatMap((module) => module.earlyRoutes?.(context) ?? []),
  };
}

/** Paths of the second app (ALT_PORT: the Sui app) open to any browser origin. */
export const ALT_OPEN_CORS_PATHS: readonly string[] = MODULES.flatMap((module) => module.altOpenCorsPaths ?? []);

/** The second app (ALT_PORT: the Sui app): its own routers, on its own port, from the same container. */
export function composeAltRouters(
  container: Container,
  config: Config,
  publicUrl: () => string,
  /** Embedded mode: the seeded Sui roles served at /api/dev/scenario; null otherwise. */
  scenario: unknown,
): Router[] {
  const context = routeContext(container, config, publicUrl, scenario);
  return MODULES.flatMap((module) => module.altRoutes?.(context) ?? []);
}
