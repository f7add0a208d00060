import cors from "@koa/cors";
import type { Middleware } from "koa";

/** Paths the API contract opens to any browser origin. Gating and Protocol Guard are backend-only. */
const OPEN_CORS_PREFIXES = ["/api/widget/", "/api/batch", "/api/oracle/"] as const;

export function isOpenCorsPath(path: string): boolean {
  return OPEN_CORS_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix));
}

/**
 * `Access-Control-Allow-Origin: *` with preflight on the open paths, and no CORS header at all
 * elsewhere, so a third-party page cannot call gating or Protocol Guard from a browser.
 */
export function openCors(): Middleware {
  const open = cors({
    origin: "*",
    allowMethods: ["GET", "POST", "OPTIONS"],
    allowHeaders: ["Content-Type", "X-Payment", "Payment-Signature", "X-Request-Id"],
    exposeHeaders: ["Payment-Required", "Payment-Response", "X-Payment-Response", "Retry-After", "X-Request-Id"],
    maxAge: 600,
  });
  return async (ctx, next) => (isOpenCorsPath(ctx.path) ? open(ctx, next) : next());
}
