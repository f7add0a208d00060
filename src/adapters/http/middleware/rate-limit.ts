import type { Context, Middleware } from "koa";
import type { RateLimiter, RatePolicy } from "../../../application/ports/rate-limiter.port";
import { sendError } from "../respond";
import { clientIp, clientKey } from "./client-ip";

export interface RateLimitOptions {
  readonly name: string;
  readonly policy: RatePolicy;
  readonly limiter: RateLimiter;
  readonly trustedProxies: ReadonlySet<string>;
}

/**
 * Counts the request against the client's budget; once the window is spent, answers
 * `429 {error:"rate_limited"}` with `Retry-After` (seconds) and returns false.
 */
export async function admit(ctx: Context, options: RateLimitOptions): Promise<boolean> {
  const key = `${options.name}:${clientKey(clientIp(ctx, options.trustedProxies))}`;
  const decision = await options.limiter.consume(key, options.policy);
  if (decision.allowed) return true;
  sendError(ctx, {
    code: "rate_limited",
    fields: { retryAfterSeconds: decision.retryAfterSeconds },
    headers: { "Retry-After": String(decision.retryAfterSeconds) },
  });
  return false;
}

/** A route's rate limit, as middleware: see `admit`. */
export function rateLimit(options: RateLimitOptions): Middleware {
  return async (ctx, next) => ((await admit(ctx, options)) ? next() : undefined);
}
