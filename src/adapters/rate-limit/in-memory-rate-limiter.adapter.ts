import { inject, injectable } from "inversify";
import { Clock } from "../../application/ports/clock.port";
import type { RateDecision, RateLimiter, RatePolicy } from "../../application/ports/rate-limiter.port";

interface Window {
  readonly startedAt: number;
  count: number;
  readonly windowMs: number;
}

/** At most this many keys are held; past it the least recently used one is forgotten. */
export const MAX_RATE_KEYS = 100_000;
/** Expired windows are dropped on a timer, never while a request waits. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Fixed-window counter per key, in process memory. Every request does O(1) work: the map keeps
 * keys in least-recently-used order (a touched key is moved to the end), it never holds more than
 * `maxKeys`, and expired windows are swept by an unref'd timer. Fine for one instance; several
 * instances behind a balancer would each give a client its own budget.
 */
@injectable()
export class InMemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly timer: NodeJS.Timeout;
  private maxKeys = MAX_RATE_KEYS;

  constructor(@inject(Clock) private readonly clock: Clock) {
    this.timer = setInterval(() => this.sweep(this.clock.nowMs()), SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  /** A limiter holding at most `maxKeys` keys (tests use a small bound). */
  static withCapacity(clock: Clock, maxKeys: number): InMemoryRateLimiter {
    const limiter = new InMemoryRateLimiter(clock);
    limiter.maxKeys = maxKeys;
    return limiter;
  }

  async consume(key: string, policy: RatePolicy): Promise<RateDecision> {
    const now = this.clock.nowMs();
    let window = this.windows.get(key);
    if (window === undefined || now - window.startedAt >= window.windowMs) {
      window = { startedAt: now, count: 0, windowMs: policy.windowMs };
    }
    this.touch(key, window);
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

  /** Drops every expired window; run by the timer (public so tests need not wait for it). */
  sweep(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= window.windowMs) this.windows.delete(key);
    }
  }

  /** Stops the sweep timer (the process exits without it anyway: it is unref'd). */
  close(): void {
    clearInterval(this.timer);
  }

  private touch(key: string, window: Window): void {
    this.windows.delete(key);
    this.windows.set(key, window);
    if (this.windows.size > this.maxKeys) {
      const oldest = this.windows.keys().next();
      if (oldest.done !== true) this.windows.delete(oldest.value);
    }
  }
}
