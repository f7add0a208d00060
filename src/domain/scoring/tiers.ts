/**
 * The tier ladder, in one place (the API contract "Shared vocabulary").
 *
 *   score  0..39  -> LOW
 *   score 40..59  -> MEDIUM
 *   score 60..79  -> HIGH
 *   score 80..100 -> ELITE
 *   an official issuer from the configured list      -> VERIFIED (checked first)
 *   any proven blocking flag (severity "critical")  -> BLOCKED, whatever the score
 *
 * Onchain tier (a uint8 in on-chain score registries; attestations sign the tier name): 0 LOW, 1 MEDIUM, 2 HIGH.
 * BLOCKED maps to 0, ELITE and VERIFIED to 2.
 */
export type Tier = "BLOCKED" | "LOW" | "MEDIUM" | "HIGH" | "ELITE" | "VERIFIED";

export const TIER_LADDER = [
  { tier: "LOW", minScore: 0 },
  { tier: "MEDIUM", minScore: 40 },
  { tier: "HIGH", minScore: 60 },
  { tier: "ELITE", minScore: 80 },
] as const satisfies readonly { tier: Tier; minScore: number }[];

export const MEDIUM_MIN_SCORE = 40;
export const HIGH_MIN_SCORE = 60;
export const ELITE_MIN_SCORE = 80;

/** Score ceiling while a high-severity flag stands: such a subject never reads as HIGH. */
export const HIGH_FLAG_SCORE_CAP = HIGH_MIN_SCORE - 1;
/** Score ceiling for a BLOCKED subject, so the number agrees with the tier. */
export const BLOCKED_SCORE_CAP = 10;

/** The ladder for a score alone (no flags, no issuer list). */
export function tierForScore(score: number): Exclude<Tier, "BLOCKED" | "VERIFIED"> {
  if (score >= ELITE_MIN_SCORE) return "ELITE";
  if (score >= HIGH_MIN_SCORE) return "HIGH";
  if (score >= MEDIUM_MIN_SCORE) return "MEDIUM";
  return "LOW";
}

export interface TierContext {
  readonly score: number;
  /** A proven blocking flag stands (honeypot, rug, coordinated exit by the deployer). */
  readonly blocked: boolean;
  /** The subject is an official issuer from the configured list (USDC, EURC, ...). */
  readonly officialIssuer: boolean;
}

/**
 * The configured issuer list wins: products short-circuit official issuers to VERIFIED before any
 * heuristic runs, and the scorers agree with them. Otherwise blocking wins over the score.
 */
export function resolveTier(context: TierContext): Tier {
  if (context.officialIssuer) return "VERIFIED";
  if (context.blocked) return "BLOCKED";
  return tierForScore(context.score);
}

export type OnchainTier = 0 | 1 | 2;

export function onchainTier(tier: Tier): OnchainTier {
  switch (tier) {
    case "BLOCKED":
    case "LOW":
      return 0;
    case "MEDIUM":
      return 1;
    case "HIGH":
    case "ELITE":
    case "VERIFIED":
      return 2;
  }
}

/** Ordering for comparisons ("at least HIGH"); VERIFIED ranks with ELITE. */
export function tierRank(tier: Tier): number {
  switch (tier) {
    case "BLOCKED":
      return 0;
    case "LOW":
      return 1;
    case "MEDIUM":
      return 2;
    case "HIGH":
      return 3;
    case "ELITE":
    case "VERIFIED":
      return 4;
  }
}

export function isTier(value: unknown): value is Tier {
  return (
    value === "BLOCKED" ||
    value === "LOW" ||
    value === "MEDIUM" ||
    value === "HIGH" ||
    value === "ELITE" ||
    value === "VERIFIED"
  );
}
