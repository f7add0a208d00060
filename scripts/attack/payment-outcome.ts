/** One paid request as the attacks see it. */
export interface Outcome {
  readonly status: number | null;
  /** The `reason` of a JSON error body, if any. */
  readonly reason: string | null;
  readonly violation: string | null;
}

/** The `reason` of a JSON error body, or null. */
export function reasonOf(body: string): string | null {
  try {
    const reason = (JSON.parse(body) as { reason?: unknown }).reason;
    return typeof reason === "string" ? reason : null;
  } catch {
    return null;
  }
}

/** Null when the outcome is the expected refusal, otherwise what it was instead. */
export function refusedWith(outcome: Outcome, status: number, reason: string): string | null {
  return outcome.status === status && outcome.reason === reason
    ? null
    : `expected ${status} ${reason}, got ${outcome.status} ${outcome.reason ?? ""}`;
}
