import type { Middleware } from "koa";
import type { RateLimiter, RatePolicy } from "../../../application/ports/rate-limiter.port";
import { sendError } from "../respond";
import { clientIp, clientKey } from "./client-ip";

export interface RateLimitOptions {
  readonly name: string;
  readonly policy: RatePolicy;
  readonly limiter: RateLimiter;
  readonly trustedProxies: ReadonlySet<string>;
}

/** `429 {error:"rate_limited"}` with `Retry-After` (seconds) once a client spends its window. */
export function rateLimit(options: RateLimitOptions): Middleware {
  return async (ctx, next) => {
    const key = `${options.name}:${clientKey(clientIp(ctx, options.trustedProxies))}`;
    const decision = await options.limiter.consume(key, options.policy);
    if (!decision.allowed) {
      return sendError(ctx, {
        code: "rate_limited",
        fields: { retryAfterSeconds: decision.retryAfterSeconds },
        headers: { "Retry-After": String(decision.retryAfterSeconds) },
      });
    }
    return next();
  };
}
