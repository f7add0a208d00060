import type { Middleware } from "koa";
import { sendError } from "../respond";
import type { RequestState } from "./request-id";

/**
 * The last line of defence: an unexpected exception is logged with its stack and answered as
 * `500 {error:"internal_error", requestId}`, leaking nothing about the cause. Also turns an
 * unmatched path into a JSON 404 so every answer has the same shape.
 */
export function errorBoundary(): Middleware<RequestState> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) sendError(ctx, { code: "route_not_found" });
    } catch (error) {
      ctx.state.log.error({ err: error }, "unhandled error");
      ctx.res.removeHeader("Content-Type");
      sendError(ctx, { code: "internal_error", fields: { requestId: ctx.state.requestId } });
    }
  };
}
