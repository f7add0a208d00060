/**
 * The trust tier of what a stake points at (the staked token, or the staking contract for
 * native stakes), as the scoring engine knows it. Ordered from least to most trusted.
 */
export const TARGET_TIERS = ["BLOCKED", "LOW", "MEDIUM", "HIGH", "ELITE", "HIGH_ELITE", "VERIFIED"] as const;
export type TargetTier = (typeof TARGET_TIERS)[number];

const TRUST_FACTOR: Readonly<Record<TargetTier, number>> = {
  BLOCKED: 0,
  LOW: 0.4,
  MEDIUM: 0.75,
  HIGH: 1,
  ELITE: 1.15,
  HIGH_ELITE: 1.2,
  VERIFIED: 1.2,
};

/** An unscored target sits between LOW and MEDIUM: not punished, not vouched for. */
export const UNKNOWN_TRUST_FACTOR = 0.6;

export function trustFactor(tier: TargetTier | null): number {
  return tier === null ? UNKNOWN_TRUST_FACTOR : TRUST_FACTOR[tier];
}

export function isCredibleTier(tier: TargetTier | null): boolean {
  return tier !== null && TARGET_TIERS.indexOf(tier) >= TARGET_TIERS.indexOf("MEDIUM");
}
