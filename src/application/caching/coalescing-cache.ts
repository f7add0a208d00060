import type { Clock } from "../ports/clock.port";

interface Entry<V> {
  readonly value: V;
  readonly expiresAt: number;
}

/**
 * A TTL cache whose concurrent misses for one key share a single computation. Only results the
 * caller calls cacheable are kept (failures are never cached, so an outage is not remembered).
 */
export class CoalescingCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly inFlight = new Map<string, Promise<V>>();
  /** Bumped by `forget`: a computation started before it does not keep its (possibly stale) value. */
  private generation = 0;

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly isCacheable: (value: V) => boolean,
  ) {}

  async get(key: string, compute: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry !== undefined && entry.expiresAt > this.clock.nowMs()) return entry.value;
    const pending = this.inFlight.get(key);
    if (pending !== undefined) return pending;
    const generation = this.generation;
    const computation = compute().then((value) => {
      if (this.ttlMs > 0 && this.isCacheable(value) && generation === this.generation) this.store(key, value);
      return value;
    });
    this.inFlight.set(key, computation);
    try {
      return await computation;
    } finally {
      this.inFlight.delete(key);
    }
  }

  /** The value kept for `key` if it is still fresh; never computes. */
  peek(key: string): V | undefined {
    const entry = this.entries.get(key);
    return entry !== undefined && entry.expiresAt > this.clock.nowMs() ? entry.value : undefined;
  }

  /** Drops the kept values whose key `stale` picks, and keeps nothing computed before now (it may be stale too). */
  forget(stale: (key: string) => boolean): void {
    this.generation++;
    for (const key of [...this.entries.keys()]) if (stale(key)) this.entries.delete(key);
    // A miss waiting on a computation from before would get its value: later callers compute afresh.
    for (const key of [...this.inFlight.keys()]) if (stale(key)) this.inFlight.delete(key);
  }

  private store(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.clock.nowMs() + this.ttlMs });
    if (this.entries.size > this.maxEntries) {
      const [oldest] = this.entries.keys();
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
