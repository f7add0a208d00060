import { compareDecimalAmounts, type DecimalAmount } from "./decimal-amount";
import { GATE_DISCLAIMER } from "./gating-text";
import type { LadderBand, LadderInput, LadderReason } from "./ladder";
import { ladderGuidance } from "./ladder-guidance";

export interface LadderEvaluation {
  /** The final answer: the caller's ladder and the service's own rules (mainnet multi-factor). */
  readonly allowed: boolean;
  /** What the caller's ladder alone says. */
  readonly allowedByCallerLadder: boolean;
  readonly policySource: "caller_ladder";
  readonly scoreIsAuthoritative: true;
  /** The band the score falls in (for the capability when one was asked); null when none. */
  readonly matchedBand: LadderBand | null;
  /** The nearest band starting above the score (for the capability when one was asked). */
  readonly nextBand: LadderBand | null;
  /** Points from the score to `nextBand.minScore`; null at the top. */
  readonly marginToNextBand: number | null;
  readonly reasons: readonly LadderReason[];
  readonly guidance: string;
  readonly disclaimer: string;
}

const inBand = (band: LadderBand, score: number) => score >= band.minScore && score <= (band.maxScore ?? Infinity);

/** Higher bands first; among equals, the larger (or uncapped) amount first. */
function byPrivilege(a: LadderBand, b: LadderBand): number {
  if (a.minScore !== b.minScore) return b.minScore - a.minScore;
  if (a.maxAmount === undefined || b.maxAmount === undefined) {
    return (a.maxAmount === undefined ? 0 : 1) - (b.maxAmount === undefined ? 0 : 1);
  }
  return compareDecimalAmounts(b.maxAmount, a.maxAmount);
}

const allows = (band: LadderBand, amount: DecimalAmount | undefined) =>
  amount === undefined || band.maxAmount === undefined || compareDecimalAmounts(amount, band.maxAmount) <= 0;

export function evaluateLadder(input: LadderInput): LadderEvaluation {
  const { ladder, score, capability, requestedAmount } = input;
  const reasons: LadderReason[] = [];
  const relevant = capability === undefined ? ladder.bands : ladder.bands.filter((b) => b.capability === capability);
  const scoreBands = [...ladder.bands.filter((b) => inBand(b, score))].sort(byPrivilege);
  const candidates = scoreBands.filter((b) => relevant.includes(b));

  let matchedBand: LadderBand | null = null;
  if (scoreBands.length === 0) {
    reasons.push("no_band_matches");
  } else if (candidates.length === 0) {
    reasons.push("capability_mismatch");
    matchedBand = scoreBands[0] ?? null;
  } else {
    matchedBand = candidates.find((b) => allows(b, requestedAmount)) ?? null;
    if (matchedBand === null) {
      reasons.push("amount_exceeds_band_max");
      matchedBand = candidates[0] ?? null;
    }
  }
  if (ladder.minConfidence !== undefined && input.confidence < ladder.minConfidence) {
    reasons.push("confidence_below_minimum");
  }
  const allowedByCallerLadder = reasons.length === 0;
  // Mainnet mode: a score alone never gates real value; the caller must run its own second factor.
  if (input.network === "mainnet" && ladder.multiFactorAcknowledged !== true) {
    reasons.push("multi_factor_not_acknowledged");
  }

  const above = relevant.filter((b) => b.minScore > score).sort((a, b) => a.minScore - b.minScore);
  const nextBand = above[0] ?? null;
  const marginToNextBand = nextBand === null ? null : Math.round((nextBand.minScore - score) * 100) / 100;

  const verdict = { matchedBand, nextBand, marginToNextBand, reasons };
  return {
    allowed: reasons.length === 0,
    allowedByCallerLadder,
    policySource: "caller_ladder",
    scoreIsAuthoritative: true,
    ...verdict,
    guidance: ladderGuidance(input, verdict),
    disclaimer: GATE_DISCLAIMER,
  };
}
