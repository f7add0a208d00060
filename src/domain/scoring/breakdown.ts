/** One positive part of a score: what was measured, what it earned, out of how much. */
export interface ScoreComponent {
  readonly name: string;
  /** Plain words for explanations ("wallet age"). */
  readonly label: string;
  /** The measured value (days, count, share ...). */
  readonly value: number;
  readonly unit: string;
  readonly points: number;
  readonly max: number;
  /** What would raise this part, for directionDrivers ("keep activity spread over more days"). */
  readonly improve: string;
}

/** The raw formula, for the internal scorer (`/api/arc-score`); never sent by the oracle. */
export interface ScoreBreakdown {
  readonly components: readonly ScoreComponent[];
  /** Sum of component points. */
  readonly base: number;
  /** Sum of flag points (<= 0). */
  readonly penalties: number;
  /** Staking boost offered by the staking analysis, and what was applied after the caps and rules. */
  readonly stakingBoostOffered: number;
  readonly stakingBoostApplied: number;
  /** Graph-trust boost applied (wallets; 0 when not computed or disqualified by the flags). */
  readonly graphTrustBoostApplied: number;
  /** base + penalties + boost, before clamping. */
  readonly raw: number;
  /** Ceiling applied because of flags (100 when none). */
  readonly ceiling: number;
  readonly ceilingReason: string | null;
  readonly final: number;
}

export function component(
  name: string,
  label: string,
  value: number,
  unit: string,
  points: number,
  max: number,
  improve: string,
): ScoreComponent {
  const bounded = Math.min(max, Math.max(0, points));
  return {
    name,
    label,
    value: Math.round(value * 100) / 100,
    unit,
    points: Math.round(bounded * 100) / 100,
    max,
    improve,
  };
}
