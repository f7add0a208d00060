import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import type { LockOutcome, SharedCache } from "../../application/ports/shared-cache.port";

export interface RedisSharedCacheOptions {
  readonly redis: Redis;
  /** REDIS_KEY_PREFIX: two deployments can share one Redis. */
  readonly keyPrefix: string;
  /** Called when Redis did not answer (the caller degrades to process-local caching). */
  readonly onError?: (error: unknown) => void;
}

/** Deletes the lock only while it still carries our token: an expired lock re-taken by another stays theirs. */
const UNLOCK_IF_OURS = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Values under `<prefix>cache:<key>` with PX expiry; locks under `<prefix>lock:<key>`, taken with
 * SET NX PX and a random token per acquisition. Every failure is answered as a miss or
 * `unavailable` (the port never rejects).
 */
export class RedisSharedCache implements SharedCache {
  readonly shared = true;
  private readonly tokens = new Map<string, string>();

  constructor(private readonly options: RedisSharedCacheOptions) {}

  async get(key: string): Promise<string | null> {
    if (!this.ready()) return null;
    return this.options.redis.get(this.valueKey(key)).catch((error: unknown) => this.failed(error, null));
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    if (!this.ready() || ttlMs <= 0) return;
    await this.options.redis
      .set(this.valueKey(key), value, "PX", Math.ceil(ttlMs))
      .catch((error: unknown) => this.failed(error, undefined));
  }

  async tryLock(key: string, ttlMs: number): Promise<LockOutcome> {
    if (!this.ready()) return "unavailable";
    const token = randomBytes(16).toString("hex");
    try {
      const taken = await this.options.redis.set(this.lockKey(key), token, "PX", Math.ceil(ttlMs), "NX");
      if (taken !== "OK") return "held";
      this.tokens.set(key, token);
      return "acquired";
    } catch (error) {
      return this.failed(error, "unavailable");
    }
  }

  async unlock(key: string): Promise<void> {
    const token = this.tokens.get(key);
    if (token === undefined) return;
    this.tokens.delete(key);
    if (!this.ready()) return;
    await this.options.redis
      .eval(UNLOCK_IF_OURS, 1, this.lockKey(key), token)
      .catch((error: unknown) => this.failed(error, undefined));
  }

  private ready(): boolean {
    return this.options.redis.status === "ready";
  }

  private valueKey(key: string): string {
    return `${this.options.keyPrefix}cache:${key}`;
  }

  private lockKey(key: string): string {
    return `${this.options.keyPrefix}lock:${key}`;
  }

  private failed<T>(error: unknown, answer: T): T {
    this.options.onError?.(error);
    return answer;
  }
}
