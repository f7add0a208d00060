import type { Middleware } from "koa";

/**
 * API contract: score paths send `Cache-Control: no-store`. Every /api answer is a score or depends on
 * one (or on payment state), so none of them may sit in a shared cache. The one exception sets its
 * own header: the Sui app's coin score, cacheable until its nextRescoreAt.
 */
export function noStoreOnApi(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.path.startsWith("/api/") && !ctx.response.get("Cache-Control")) ctx.set("Cache-Control", "no-store");
  };
}
