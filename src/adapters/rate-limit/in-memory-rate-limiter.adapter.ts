import { injectable } from "inversify";
import { RateLimiterMemory } from "rate-limiter-flexible";
import type { RateDecision, RateLimiter, RatePolicy } from "../../application/ports/rate-limiter.port";
import { consumeOne, policyId, windowSeconds } from "./rate-decision";

/** At most this many keys are held; past it the least recently used one is forgotten. */
export const MAX_RATE_KEYS = 100_000;

/**
 * Fixed windows per key in process memory (rate-limiter-flexible's memory backend: the embedded
 * default, and the insurance a Redis limiter falls back to). The library expires each key on its own
 * timer but never caps how many it holds, so this adapter keeps the keys in least-recently-used
 * order and forgets the oldest past `maxKeys`: a flood of distinct clients cannot grow memory
 * without bound. O(1) per request. Several instances would each give a client its own budget.
 */
@injectable()
export class InMemoryRateLimiter implements RateLimiter {
  private readonly limiters = new Map<string, RateLimiterMemory>();
  /** key -> the limiter that holds it, in least-recently-used order. */
  private readonly keys = new Map<string, RateLimiterMemory>();
  private maxKeys = MAX_RATE_KEYS;

  /** A limiter holding at most `maxKeys` keys (tests use a small bound). */
  static withCapacity(maxKeys: number): InMemoryRateLimiter {
    const limiter = new InMemoryRateLimiter();
    limiter.maxKeys = maxKeys;
    return limiter;
  }

  consume(key: string, policy: RatePolicy): Promise<RateDecision> {
    const limiter = this.limiterFor(policy);
    this.touch(key, limiter);
    return consumeOne(limiter, key);
  }

  /** The library limiter for a policy; the Redis adapter uses it as its insurance. */
  limiterFor(policy: RatePolicy): RateLimiterMemory {
    const id = policyId(policy);
    let limiter = this.limiters.get(id);
    if (limiter === undefined) {
      limiter = new RateLimiterMemory({ points: policy.limit, duration: windowSeconds(policy), keyPrefix: id });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  /** Number of keys currently tracked; exposed for tests and the memory benchmark. */
  size(): number {
    return this.keys.size;
  }

  private touch(key: string, limiter: RateLimiterMemory): void {
    this.keys.delete(key);
    this.keys.set(key, limiter);
    if (this.keys.size <= this.maxKeys) return;
    const [oldest, holder] = this.keys.entries().next().value as [string, RateLimiterMemory];
    this.keys.delete(oldest);
    void holder.delete(oldest);
  }
}
