import type { ScoreBreakdown } from "../breakdown";
import { buildExplanation } from "../explain/build-explanation";
import type { Explanation } from "../explain/explanation-types";
import { type Flag, isBlocking, sortFlags } from "../flag";
import type { FlagCode } from "../flag-catalogue";
import type { ScoreState, SubjectType } from "../subject";
import { resolveTier, type Tier } from "../tiers";
import { ceilingOf } from "./finalize";
import { clamp, round2 } from "./math";

/** What an answer already computed holds that a flag decision can change, and what it is recomputed from. */
export interface AmendableScore {
  readonly subjectType: SubjectType;
  readonly officialIssuer: boolean;
  readonly score: number;
  readonly tier: Tier;
  readonly confidence: number;
  readonly state: ScoreState;
  readonly flags: readonly Flag[];
  readonly limitations: readonly string[];
  readonly breakdown: ScoreBreakdown;
}

export interface AmendedScore {
  readonly score: number;
  readonly tier: Tier;
  readonly flags: readonly Flag[];
  readonly breakdown: ScoreBreakdown;
  readonly explanation: Explanation;
}

/** A downgraded flag stays in the answer as a finding that costs nothing and caps nothing. */
function downgraded(flag: Flag): Flag {
  return {
    ...flag,
    severity: "info",
    points: 0,
    evidence: { ...flag.evidence, detail: `${flag.evidence.detail} (downgraded after review)` },
  };
}

/**
 * The answer as if the removed flags had not been raised and the downgraded ones were `info`: penalties, ceiling,
 * score, tier and explanation recomputed with finalizeScore's formula from the kept breakdown. Boosts keep what was
 * applied (a boost the removed flag had zeroed is not offered again: the answer moves only by what was decided).
 * Null when no amendment touches a flag of this answer (the answer stands as it is).
 */
export function amendScore(
  scored: AmendableScore,
  amendments: ReadonlyMap<FlagCode, "remove" | "downgrade">,
): AmendedScore | null {
  if (!scored.flags.some((f) => amendments.has(f.code))) return null;
  const flags = sortFlags(
    scored.flags.flatMap((flag) => {
      const amendment = amendments.get(flag.code);
      if (amendment === "remove") return [];
      return [amendment === "downgrade" ? downgraded(flag) : flag];
    }),
  );
  const b = scored.breakdown;
  const penalties = flags.reduce((sum, f) => sum + f.points, 0);
  const raw = round2(b.base + penalties + b.stakingBoostApplied + b.graphTrustBoostApplied);
  const { ceiling, reason } = ceilingOf(flags);
  const score = Math.round(clamp(raw, 0, ceiling));
  const tier = resolveTier({ score, blocked: flags.some(isBlocking), officialIssuer: scored.officialIssuer });
  const breakdown: ScoreBreakdown = { ...b, penalties, raw, ceiling, ceilingReason: reason, final: score };
  const explanation = buildExplanation({
    subjectType: scored.subjectType,
    score,
    tier,
    confidence: scored.confidence,
    state: scored.state,
    flags,
    components: b.components,
    limitations: scored.limitations,
  });
  return { score, tier, flags, breakdown, explanation };
}
