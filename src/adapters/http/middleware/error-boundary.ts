import type { Middleware } from "koa";
import type { ApiErrorCode } from "../api-error";
import { sendError } from "../respond";
import type { RequestState } from "./request-id";

/**
 * A client error Koa or a library threw (`ctx.throw(400)`, http-errors from a body parser or a
 * URI decoder): its 4xx status is the client's fault, so it is answered as a JSON input error,
 * never as Koa's plain text, which would echo the message. Anything else is ours.
 */
function clientErrorCode(error: unknown): ApiErrorCode | null {
  const status =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
    (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status !== "number" || status < 400 || status >= 500) return null;
  return status === 413 ? "payload_too_large" : "invalid_request";
}

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
      ctx.res.removeHeader("Content-Type");
      const clientError = clientErrorCode(error);
      if (clientError !== null) {
        ctx.state.log.info({ err: error }, "client error thrown");
        return sendError(ctx, { code: clientError });
      }
      ctx.state.log.error({ err: error }, "unhandled error");
      sendError(ctx, { code: "internal_error", fields: { requestId: ctx.state.requestId } });
    }
  };
}
