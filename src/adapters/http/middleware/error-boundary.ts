import type { Middleware } from "koa";
import { sendError } from "../respond";
import type { RequestState } from "./request-id";

/**
 * The last line of defence: an unexpected exception is logged with its stack and answered as
 * `500 {error:"internal_error", requestId}`, leaking nothing about the cause. Also turns an
 * unmatched path into a JSON 404, and the router's bodiless 405 (known path, other method) and
 * 501 (a method no route uses, e.g. PROPFIND) into `405 method_not_allowed`, so every answer has
 * the same shape and an unknown method is the client's error, not a 5xx.
 */
export function errorBoundary(): Middleware<RequestState> {
  return async (ctx, next) => {
    try {
      await next();
      const bodiless = ctx.body === undefined || ctx.body === null;
      if (ctx.status === 404 && bodiless) sendError(ctx, { code: "route_not_found" });
      else if ((ctx.status === 405 || ctx.status === 501) && bodiless) sendError(ctx, { code: "method_not_allowed" });
    } catch (error) {
      ctx.state.log.error({ err: error }, "unhandled error");
      ctx.res.removeHeader("Content-Type");
      sendError(ctx, { code: "internal_error", fields: { requestId: ctx.state.requestId } });
    }
  };
}
