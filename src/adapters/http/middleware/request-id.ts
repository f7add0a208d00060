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

/**
 * A request's state: its id, and a logger carrying the id made on first use. A class, so a request costs one
 * object, not a getter defined on Koa's state object each time.
 */
class RequestScope implements RequestState {
  private child: Logger | undefined;

  constructor(
    public requestId: string,
    private readonly logger: Logger,
  ) {}

  get log(): Logger {
    return (this.child ??= this.logger.child({ requestId: this.requestId }));
  }
}

/** Tags every request with an id (`X-Request-Id` in and out) and a logger carrying it. */
export function requestId(logger: Logger): Middleware<RequestState> {
  const logsRequests = logger.isLevelEnabled("info");
  return async (ctx, next) => {
    const offered = ctx.req.headers["x-request-id"];
    const id = typeof offered === "string" && ACCEPTABLE_REQUEST_ID.test(offered) ? offered : randomUUID();
    ctx.state = new RequestScope(id, logger);
    ctx.set("X-Request-Id", id);
    if (!logsRequests) return next();
    const started = performance.now();
    await next();
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
  };
}
