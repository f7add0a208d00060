import type { Address } from "../../chain/address";
import type { ChainTime } from "../../chain/chain-types";
import { buildExplanation } from "../explain/build-explanation";
import type { ScoreBreakdown, ScoreComponent } from "../breakdown";
import { type Flag, isBlocking, sortFlags } from "../flag";
import { flagRule } from "../flag-catalogue";
import { SCORING_VERSION, type ScoreResult } from "../score-result";
import type { ScoreState, SubjectType } from "../subject";
import { BLOCKED_SCORE_CAP, HIGH_FLAG_SCORE_CAP, resolveTier } from "../tiers";
import { MIN_CONFIDENCE, type Shortfall, confidenceFrom, limitationsFrom } from "./confidence";
import { type EvidenceAssessment, evidenceShortfall } from "./evidence-coverage";
import type { HolderFacts } from "../token/holder-facts";
import { clamp, round2 } from "./math";
import { GRAPH_TRUST } from "../../graph-trust/graph-trust-thresholds";

export interface ScoreDraft {
  readonly subject: Address;
  readonly subjectType: SubjectType;
  readonly officialIssuer: boolean;
  readonly components: readonly ScoreComponent[];
  readonly flags: readonly Flag[];
  /** Staking boost offered (points); bounded by `stakingBoostMax` and conditional on the flags. */
  readonly stakingBoostOffered: number;
  readonly stakingBoostMax: number;
  /**
   * Graph-trust boost offered (wallets only; 0..GRAPH_TRUST.maxTrustBoost). Same conditions as staking: it never
   * lifts a subject out of a honeypot, rug, exit or wash picture, and a ceiling still applies after it.
   */
  readonly graphBoostOffered?: number;
  readonly shortfalls: readonly Shortfall[];
  /** What was seen: caps the confidence and sets `coverage` (see `assessEvidence`). */
  readonly evidence: EvidenceAssessment;
  readonly holderFacts?: HolderFacts;
  readonly state: ScoreState;
  readonly now: ChainTime;
}

/**
 * Staking never lifts a subject out of a honeypot, exit or wash picture (the API contract StakingSignal rule 9):
 * any high or critical flag, any exit-risk flag and any staking gaming flag zero the boost.
 */
function disqualifiesBoosts(flags: readonly Flag[]): boolean {
  return flags.some((f) => {
    const category = flagRule(f.code).category;
    return f.severity === "high" || f.severity === "critical" || category === "exit_risk" || category === "staking";
  });
}

function applicableBoost(draft: ScoreDraft): number {
  if (disqualifiesBoosts(draft.flags) || !Number.isFinite(draft.stakingBoostOffered)) return 0;
  return clamp(draft.stakingBoostOffered, 0, draft.stakingBoostMax);
}

function applicableGraphBoost(draft: ScoreDraft): number {
  const offered = draft.graphBoostOffered ?? 0;
  if (disqualifiesBoosts(draft.flags) || !Number.isFinite(offered)) return 0;
  return clamp(offered, 0, GRAPH_TRUST.maxTrustBoost);
}

/** The score ceiling the flags impose: a blocking flag caps at BLOCKED_SCORE_CAP, a high one at HIGH_FLAG_SCORE_CAP. */
export function ceilingOf(flags: readonly Flag[]): { ceiling: number; reason: string | null } {
  const blocking = flags.find(isBlocking);
  if (blocking !== undefined) return { ceiling: BLOCKED_SCORE_CAP, reason: `blocking flag ${blocking.code}` };
  const high = flags.find((f) => f.severity === "high");
  if (high !== undefined) return { ceiling: HIGH_FLAG_SCORE_CAP, reason: `high-severity flag ${high.code}` };
  return { ceiling: 100, reason: null };
}

/**
 * One flag per code: repeated findings (two exit windows, two rugged deployments) are one behaviour,
 * penalized once, with the count kept in the evidence.
 */
function oneFlagPerCode(sorted: readonly Flag[]): Flag[] {
  const byCode = new Map<string, { flag: Flag; repeats: number }>();
  for (const flag of sorted) {
    const seen = byCode.get(flag.code);
    if (seen === undefined) byCode.set(flag.code, { flag, repeats: 0 });
    else seen.repeats++;
  }
  return [...byCode.values()].map(({ flag, repeats }) =>
    repeats === 0
      ? flag
      : {
          ...flag,
          evidence: {
            ...flag.evidence,
            detail: `${flag.evidence.detail} (+${repeats} similar finding(s))`,
            figures: { ...flag.evidence.figures, occurrences: repeats + 1 },
          },
        },
  );
}

/** Turns components, flags and shortfalls into the scored answer: one formula for every subject type. */
export function finalizeScore(draft: ScoreDraft): ScoreResult {
  const flags = oneFlagPerCode(sortFlags(draft.flags));
  const base = round2(draft.components.reduce((sum, c) => sum + c.points, 0));
  const penalties = flags.reduce((sum, f) => sum + f.points, 0);
  const boost = round2(applicableBoost(draft));
  const graphBoost = round2(applicableGraphBoost(draft));
  const raw = round2(base + penalties + boost + graphBoost);
  const { ceiling, reason } = ceilingOf(flags);
  const score = Math.round(clamp(raw, 0, ceiling));
  const tier = resolveTier({ score, blocked: flags.some(isBlocking), officialIssuer: draft.officialIssuer });
  const confidence = Math.max(MIN_CONFIDENCE, Math.min(draft.evidence.confidenceCap, confidenceFrom(draft.shortfalls)));
  const seen = evidenceShortfall(draft.evidence);
  const limitations = limitationsFrom(seen === null ? draft.shortfalls : [seen, ...draft.shortfalls]);
  const breakdown: ScoreBreakdown = {
    components: draft.components,
    base,
    penalties,
    stakingBoostOffered: draft.stakingBoostOffered,
    stakingBoostApplied: boost,
    graphTrustBoostApplied: graphBoost,
    raw,
    ceiling,
    ceilingReason: reason,
    final: score,
  };
  const explanation = buildExplanation({
    subjectType: draft.subjectType,
    score,
    tier,
    confidence,
    state: draft.state,
    flags,
    components: draft.components,
    limitations,
  });
  return {
    subject: draft.subject,
    subjectType: draft.subjectType,
    score,
    tier,
    flags,
    confidence,
    coverage: draft.evidence.coverage,
    state: draft.state,
    limitations,
    breakdown,
    explanation,
    scoredAt: draft.now,
    scoringVersion: SCORING_VERSION,
    holderFacts: draft.holderFacts ?? null,
  };
}
