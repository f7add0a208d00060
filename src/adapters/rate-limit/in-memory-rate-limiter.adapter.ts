import { inject, injectable } from "inversify";
import { Clock } from "../../application/ports/clock.port";
import type { RateDecision, RateLimiter, RatePolicy } from "../../application/ports/rate-limiter.port";

interface Window {
  startedAt: number;
  count: number;
  windowMs: number;
}

/** Above this many live keys a sweep drops expired windows, so memory stays bounded under many IPs. */
const SWEEP_THRESHOLD = 10_000;

/**
 * Fixed-window counter per key, in process memory. Fine for one instance; several instances
 * behind a balancer would each give a client its own budget.
 */
@injectable()
export class InMemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(@inject(Clock) private readonly clock: Clock) {}

  async consume(key: string, policy: RatePolicy): Promise<RateDecision> {
    const now = this.clock.nowMs();
    let window = this.windows.get(key);
    if (window === undefined || now - window.startedAt >= window.windowMs) {
      if (window === undefined && this.windows.size >= SWEEP_THRESHOLD) this.sweep(now);
      window = { startedAt: now, count: 0, windowMs: policy.windowMs };
      this.windows.set(key, window);
    }
    if (window.count >= policy.limit) {
      const retryAfterMs = window.startedAt + window.windowMs - now;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
    }
    window.count += 1;
    return { allowed: true, remaining: policy.limit - window.count };
  }

  /** Number of keys currently held; exposed for tests and the memory benchmark. */
  size(): number {
    return this.windows.size;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= window.windowMs) this.windows.delete(key);
    }
  }
}
