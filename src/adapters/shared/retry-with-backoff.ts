/** How hard to insist on a flaky upstream before reporting it as failed. */
export interface RetryPolicy {
  /** Total tries, the first included (1 = no retry). */
  readonly attempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { attempts: 4, baseDelayMs: 250, maxDelayMs: 4_000 };

/** An error may say how long the upstream asked us to wait (HTTP Retry-After). */
export interface HasRetryAfter {
  readonly retryAfterMs?: number;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Exponential backoff with jitter: the jitter keeps many clients that failed together from
 * retrying together. A Retry-After hint wins when it asks for longer than we would wait.
 */
export function backoffDelayMs(policy: RetryPolicy, attempt: number, error: unknown): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  const jittered = exponential / 2 + (Math.random() * exponential) / 2;
  const hinted = (error as HasRetryAfter | null)?.retryAfterMs;
  return typeof hinted === "number" ? Math.min(policy.maxDelayMs, Math.max(jittered, hinted)) : jittered;
}

export async function retryWithBackoff<T>(
  task: () => Promise<T>,
  isRetryable: (error: unknown) => boolean,
  policy: RetryPolicy,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      if (attempt + 1 >= policy.attempts || !isRetryable(error)) throw error;
      await sleep(backoffDelayMs(policy, attempt, error));
    }
  }
}
