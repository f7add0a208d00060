export interface RatePolicy {
  /** Requests allowed per window. */
  readonly limit: number;
  readonly windowMs: number;
}

export type RateDecision =
  | { readonly allowed: true; readonly remaining: number }
  | { readonly allowed: false; readonly retryAfterSeconds: number };

/** Counts requests per key (a client IP and a policy name) and says whether one more is allowed. */
export interface RateLimiter {
  consume(key: string, policy: RatePolicy): Promise<RateDecision>;
}

export const RateLimiter = Symbol.for("RateLimiter");
