import { randomUUID } from "node:crypto";
import type { Middleware } from "koa";
import type { Logger } from "pino";

/** A caller's id is kept only when it is short and plain, so it is safe to log and echo. */
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface RequestState {
  requestId: string;
  /** A logger carrying the request id; created on first use (most requests never log twice). */
  readonly log: Logger;
}

/** Tags every request with an id (`X-Request-Id` in and out) and a logger carrying it. */
export function requestId(logger: Logger): Middleware<RequestState> {
  const logsRequests = logger.isLevelEnabled("info");
  return async (ctx, next) => {
    const offered = ctx.get("X-Request-Id");
    const id = ACCEPTABLE_REQUEST_ID.test(offered) ? offered : randomUUID();
    let child: Logger | undefined;
    ctx.state.requestId = id;
    Object.defineProperty(ctx.state, "log", { get: () => (child ??= logger.child({ requestId: id })) });
    ctx.set("X-Request-Id", id);
    const started = performance.now();
    await next();
    if (logsRequests) {
      logger.info(
        {
          requestId: id,
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round(performance.now() - started),
        },
        "request",
      );
    }
  };
}
