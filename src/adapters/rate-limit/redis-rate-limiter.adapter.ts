import type { Redis } from "ioredis";
import { RateLimiterRedis } from "rate-limiter-flexible";
import type { RateDecision, RateLimiter, RatePolicy } from "../../application/ports/rate-limiter.port";
import { InMemoryRateLimiter } from "./in-memory-rate-limiter.adapter";
import { consumeOne, policyId, windowSeconds } from "./rate-decision";

export interface RedisRateLimiterOptions {
  readonly redis: Redis;
  /** REDIS_KEY_PREFIX: two deployments can share one Redis. */
  readonly keyPrefix: string;
  /** Called when a decision was taken by the per-instance insurance limiter (Redis unreachable). */
  readonly onDegraded?: () => void;
}

/**
 * Fixed windows per key shared by every instance (rate-limiter-flexible's Redis backend: one Lua
 * script per request, so concurrent requests on several instances never overspend a window). While
 * Redis is unreachable each decision falls to an in-memory limiter of the same policy (the library's
 * insurance limiter): limits become per instance, requests are still answered.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly limiters = new Map<string, RateLimiterRedis>();
  private readonly insurance = new InMemoryRateLimiter();

  constructor(private readonly options: RedisRateLimiterOptions) {}

  consume(key: string, policy: RatePolicy): Promise<RateDecision> {
    if (this.options.redis.status !== "ready") {
      // Known down: straight to the bounded per-instance limiter, no library round trip.
      this.options.onDegraded?.();
      return this.insurance.consume(key, policy);
    }
    return consumeOne(this.limiterFor(policy), key);
  }

  private limiterFor(policy: RatePolicy): RateLimiterRedis {
    const id = policyId(policy);
    let limiter = this.limiters.get(id);
    if (limiter === undefined) {
      limiter = new RateLimiterRedis({
        storeClient: this.options.redis,
        points: policy.limit,
        duration: windowSeconds(policy),
        keyPrefix: `${this.options.keyPrefix}rl:${id}`,
        // Fail over at once rather than queue behind a dead connection.
        rejectIfRedisNotReady: true,
        insuranceLimiter: this.insurance.limiterFor(policy),
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
}
