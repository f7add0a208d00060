/** What `tryLock` found: the lock is ours now, another holder has it, or the store cannot say. */
export type LockOutcome = "acquired" | "held" | "unavailable";

/**
 * A key-value store with expiry that every instance of the service sees (Redis in production),
 * used to share computed answers and to let one instance compute what others wait for. Values are
 * text (encoding is the caller's). No method rejects: an unreachable store reads as a miss and a
 * lock it cannot grant is `unavailable`, so a lost store costs sharing, never an answer.
 */
export interface SharedCache {
  /** Whether a store is configured at all (the embedded default has none). */
  readonly shared: boolean;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Takes the lock on `key` for `ttlMs` unless someone holds it; a crashed holder's lock expires. */
  tryLock(key: string, ttlMs: number): Promise<LockOutcome>;
  /** Releases a lock this instance holds (never someone else's, even after ours expired). */
  unlock(key: string): Promise<void>;
}

export const SharedCache = Symbol.for("SharedCache");
