import type { Address } from "../chain/address";
import { type Flag, raiseFlag, sortFlags, isBlocking } from "../scoring/flag";
import type { ScoreResult } from "../scoring/score-result";
import { BLOCKED_SCORE_CAP, HIGH_FLAG_SCORE_CAP, resolveTier } from "../scoring/tiers";
import type { SanctionsHit } from "./sanctions-list";

/** What the lists say of one address: a sanctions hit (or none), and USDC's own blacklist (null: not read). */
export interface Screening {
  readonly address: Address;
  readonly sanctioned: SanctionsHit | null;
  readonly usdcBlacklisted: boolean | null;
  /** The token whose isBlacklisted was asked. */
  readonly usdc: Address;
}

/** The flags a screening raises: SANCTIONED (blocking, with list, source and date) and USDC_BLACKLISTED. */
export function screeningFlags(screening: Screening): Flag[] {
  const flags: Flag[] = [];
  if (screening.sanctioned !== null) {
    const { list, source, listDate } = screening.sanctioned;
    flags.push(
      raiseFlag("SANCTIONED", {
        detail: `Listed on ${list} (list of ${listDate}).`,
        figures: { list, source, listDate },
      }),
    );
  }
  if (screening.usdcBlacklisted === true) {
    flags.push(
      raiseFlag("USDC_BLACKLISTED", {
        detail: `USDC's isBlacklisted(${screening.address}) answers true: the issuer froze this address.`,
        tokens: [screening.usdc],
      }),
    );
  }
  return flags;
}

/**
 * Lays screening flags over a scored answer: the flags join the list, their points count, and the usual
 * ceilings apply (a blocking flag caps the score and makes the tier BLOCKED; a high one caps it below
 * HIGH). An answer the lists say nothing about is returned as is.
 */
export function withScreening(result: ScoreResult, flags: readonly Flag[]): ScoreResult {
  if (flags.length === 0) return result;
  const kept = result.flags.filter((f) => !flags.some((g) => g.code === f.code));
  const all = sortFlags([...flags, ...kept]);
  const penalty = flags.reduce((sum, f) => sum + f.points, 0);
  const blocking = all.find(isBlocking);
  const high = all.find((f) => f.severity === "high");
  const ceiling =
    blocking !== undefined
      ? { value: BLOCKED_SCORE_CAP, reason: `blocking flag ${blocking.code}` }
      : high !== undefined
        ? { value: Math.min(HIGH_FLAG_SCORE_CAP, result.breakdown.ceiling), reason: `high-severity flag ${high.code}` }
        : { value: result.breakdown.ceiling, reason: result.breakdown.ceilingReason };
  const raw = result.breakdown.raw + penalty;
  const score = Math.round(Math.min(Math.max(raw, 0), ceiling.value, result.score));
  const tier = resolveTier({ score, blocked: blocking !== undefined, officialIssuer: result.tier === "VERIFIED" });
  return {
    ...result,
    score,
    tier,
    flags: all,
    breakdown: {
      ...result.breakdown,
      penalties: result.breakdown.penalties + penalty,
      raw,
      ceiling: ceiling.value,
      ceilingReason: ceiling.reason,
      final: score,
    },
  };
}
