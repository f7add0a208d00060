import type { Clock } from "../ports/clock.port";
import type { SharedCache } from "../ports/shared-cache.port";

export interface SharedSingleFlightOptions<V> {
  readonly cache: SharedCache;
  readonly clock: Clock;
  /** How long a shared answer is served (0: nothing is shared, each instance computes its own). */
  readonly ttlMs: number;
  /** How long a holder may compute before its lock expires and a waiter takes over (a crashed holder). */
  readonly lockTtlMs: number;
  /** How often a waiter looks for the holder's answer. */
  readonly pollMs: number;
  readonly encode: (value: V) => string;
  /** undefined: the stored text is not an answer (another version wrote it): treated as a miss. */
  readonly decode: (text: string) => V | undefined;
  /** Only these are shared; failures are recomputed, so an outage is not remembered. */
  readonly isCacheable: (value: V) => boolean;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Cross-instance single flight over a SharedCache: an answer another instance stored is served;
 * otherwise one instance takes the key's lock and computes while the others wait for its answer.
 * A holder that fails releases the lock with nothing stored, and the next waiter takes it; a
 * crashed holder's lock expires after `lockTtlMs`. With no shared store (or an unreachable one)
 * every call computes locally: per-process coalescing stays with the caller's local cache.
 */
export class SharedSingleFlight<V> {
  constructor(private readonly options: SharedSingleFlightOptions<V>) {}

  async run(key: string, compute: () => Promise<V>): Promise<V> {
    const o = this.options;
    if (!o.cache.shared || o.ttlMs <= 0) return compute();
    const stored = await this.lookup(key);
    if (stored !== undefined) return stored;
    const giveUpAt = o.clock.nowMs() + o.lockTtlMs;
    for (;;) {
      const lock = await o.cache.tryLock(key, o.lockTtlMs);
      if (lock !== "held") return this.computeAndShare(key, compute, lock === "acquired");
      await sleep(o.pollMs);
      const answer = await this.lookup(key);
      if (answer !== undefined) return answer;
      // The lock outlived its term without an answer: stop waiting and compute here.
      if (o.clock.nowMs() >= giveUpAt) return compute();
    }
  }

  private async computeAndShare(key: string, compute: () => Promise<V>, holding: boolean): Promise<V> {
    try {
      // Someone may have finished between our miss and our lock.
      const stored = holding ? await this.lookup(key) : undefined;
      if (stored !== undefined) return stored;
      const value = await compute();
      if (this.options.isCacheable(value))
        await this.options.cache.set(key, this.options.encode(value), this.options.ttlMs);
      return value;
    } finally {
      if (holding) await this.options.cache.unlock(key);
    }
  }

  private async lookup(key: string): Promise<V | undefined> {
    const text = await this.options.cache.get(key);
    return text === null ? undefined : this.options.decode(text);
  }
}

/** JSON that keeps bigint values (tagged `{"$bigint": "<decimal>"}`), for answers shared as text. */
export function encodeJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? { $bigint: v.toString() } : v));
}

export function decodeJson(text: string): unknown {
  try {
    return JSON.parse(text, (_key, v: unknown) => {
      if (v !== null && typeof v === "object" && !Array.isArray(v)) {
        const tagged = (v as { $bigint?: unknown }).$bigint;
        if (typeof tagged === "string" && Object.keys(v).length === 1 && /^-?\d+$/.test(tagged)) return BigInt(tagged);
      }
      return v;
    });
  } catch {
    return undefined;
  }
}
