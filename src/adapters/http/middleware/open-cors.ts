import cors from "@koa/cors";
import type { Context, Middleware } from "koa";

/** Paths the API contract opens to any browser origin. Gating and Protocol Guard are backend-only. */
export const OPEN_CORS_PREFIXES: readonly string[] = ["/api/widget/", "/api/batch", "/api/oracle/"];

/** Response headers a page on another origin may read. */
const EXPOSED_HEADERS = [
  "Payment-Required",
  "Payment-Response",
  "X-Payment-Response",
  "Credence-Reaccess",
  "Retry-After",
  "X-Request-Id",
];

export function isOpenCorsPath(path: string, prefixes: readonly string[] = OPEN_CORS_PREFIXES): boolean {
  return prefixes.some((prefix) => path === prefix || path.startsWith(prefix));
}

/**
 * `Access-Control-Allow-Origin: *` with preflight on the open paths, and no CORS header at all
 * elsewhere, so a third-party page cannot call gating or Protocol Guard from a browser.
 */
export function openCors(prefixes: readonly string[] = OPEN_CORS_PREFIXES): Middleware {
  const open = cors({
    origin: "*",
    allowMethods: ["GET", "POST", "OPTIONS"],
    allowHeaders: ["Content-Type", "X-Payment", "Payment-Signature", "Sign-In-With-X", "X-Request-Id"],
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });
  return async (ctx, next) => (isOpenCorsPath(ctx.path, prefixes) ? open(ctx, next) : next());
}

const EXPOSED = EXPOSED_HEADERS.join(",");

/**
 * The headers `openCors` gives an open path's GET or POST (not a preflight), for a route answered ahead of it.
 * The test of the widget's early route holds the two to the same headers.
 */
export function setOpenCorsHeaders(ctx: Context): void {
  ctx.vary("Origin");
  ctx.set("Access-Control-Allow-Origin", "*");
  ctx.set("Access-Control-Expose-Headers", EXPOSED);
}
