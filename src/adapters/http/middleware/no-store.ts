import type { Middleware } from "koa";

/**
 * API contract: score paths send `Cache-Control: no-store`. Every /api answer is a score or depends on
 * one (or on payment state), so none of them may sit in a shared cache.
 */
export function noStoreOnApi(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.path.startsWith("/api/")) ctx.set("Cache-Control", "no-store");
  };
}
