import Koa, { type Middleware } from "koa";
import Router from "@koa/router";
import type { Logger } from "pino";
import { errorBoundary } from "./middleware/error-boundary";
import { jsonBody } from "./middleware/json-body";
import { noStoreOnApi } from "./middleware/no-store";
import { openCors } from "./middleware/open-cors";
import { requestId, type RequestState } from "./middleware/request-id";

export interface HttpAppOptions {
  readonly logger: Logger;
  /** One router per product area, in the order they should match. */
  readonly routers: readonly Router[];
  /**
   * Routes answered right after the request id and the error boundary, before CORS, no-store, the body parser
   * and the router: each sets whatever of those it needs itself, and passes on what it does not take.
   */
  readonly earlyRoutes?: readonly Middleware[];
  /** Path prefixes open to any browser origin (default: the main app's widget, batch and oracle). */
  readonly openCorsPaths?: readonly string[];
}

/**
 * The HTTP edge. Order matters: the request id comes first so every log line and error carries
 * it; the error boundary wraps everything after it; CORS answers preflights before any body is
 * read; bodies are parsed once for every route.
 */
export function buildHttpApp(options: HttpAppOptions): Koa<RequestState> {
  const app = new Koa<RequestState>();
  app.silent = true; // errors are logged by the boundary, with the request id
  app.use(requestId(options.logger));
  app.use(errorBoundary());
  for (const early of options.earlyRoutes ?? []) app.use(early);
  app.use(noStoreOnApi());
  app.use(openCors(options.openCorsPaths));
  app.use(jsonBody());
  // One root router: a request is matched once, not once per product area.
  const root = new Router();
  for (const router of options.routers) root.use(router.routes());
  app.use(root.routes());
  app.use(root.allowedMethods());
  return app;
}
