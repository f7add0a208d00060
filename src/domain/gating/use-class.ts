/**
 * What a relying party means to do with an attestation, and how long one may live for it.
 * A score goes stale: the more money rides on it, the shorter the attestation lives.
 */
export const USE_CLASSES = ["financial_high", "governance", "allowlist", "display"] as const;
export type UseClass = (typeof USE_CLASSES)[number];

export function isUseClass(value: unknown): value is UseClass {
  return typeof value === "string" && (USE_CLASSES as readonly string[]).includes(value);
}

export interface TtlBounds {
  readonly defaultSeconds: number;
  readonly maxSeconds: number;
}

/** No attestation lives shorter than this: a relying party needs time to submit it. */
export const MIN_TTL_SECONDS = 60;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const TTL_POLICY: Readonly<Record<UseClass, TtlBounds>> = {
  financial_high: { defaultSeconds: 15 * MINUTE, maxSeconds: HOUR },
  governance: { defaultSeconds: HOUR, maxSeconds: DAY },
  allowlist: { defaultSeconds: DAY, maxSeconds: 7 * DAY },
  display: { defaultSeconds: DAY, maxSeconds: 7 * DAY },
};

export interface ResolvedTtl {
  readonly ttlSeconds: number;
  /** Set when the requested lifetime was changed, saying why. */
  readonly note?: string;
}

/** The lifetime an attestation gets: the request clamped into [MIN_TTL_SECONDS, max of the class]. */
export function resolveTtl(useClass: UseClass, requestedSeconds: number | undefined): ResolvedTtl {
  const bounds = TTL_POLICY[useClass];
  if (requestedSeconds === undefined) return { ttlSeconds: bounds.defaultSeconds };
  if (requestedSeconds > bounds.maxSeconds) {
    return {
      ttlSeconds: bounds.maxSeconds,
      note: `ttlSeconds ${requestedSeconds} exceeds the ${useClass} maximum; clamped to ${bounds.maxSeconds}`,
    };
  }
  if (requestedSeconds < MIN_TTL_SECONDS) {
    return {
      ttlSeconds: MIN_TTL_SECONDS,
      note: `ttlSeconds ${requestedSeconds} is below the minimum; raised to ${MIN_TTL_SECONDS}`,
    };
  }
  return { ttlSeconds: requestedSeconds };
}
