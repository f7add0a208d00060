import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { RateDecision, RatePolicy } from "../../application/ports/rate-limiter.port";

/** rate-limiter-flexible counts in whole seconds; our windows are minutes and days. */
export function windowSeconds(policy: RatePolicy): number {
  return Math.max(1, Math.ceil(policy.windowMs / 1000));
}

/** `limit/window`: one library limiter per distinct policy (a route's name is in the key, not here). */
export function policyId(policy: RatePolicy): string {
  return `${policy.limit}/${windowSeconds(policy)}`;
}

/**
 * Consumes one point. rate-limiter-flexible rejects with a RateLimiterRes when the window is spent
 * (a decision, not a failure) and with an Error when its store failed and it had no insurance.
 */
export async function consumeOne(limiter: RateLimiterAbstract, key: string): Promise<RateDecision> {
  try {
    const res = await limiter.consume(key, 1);
    return { allowed: true, remaining: res.remainingPoints };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
    }
    throw rejection;
  }
}
