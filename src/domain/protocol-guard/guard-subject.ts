import type { RecommendationAction } from "../scoring/explain/explanation-types";
import type { Severity } from "../scoring/severity";
import type { Tier } from "../scoring/tiers";

export type GuardDecision = "allow" | "review" | "block";

/** The scored wallet, as much of it as a decision reads. */
export interface GuardSubject {
  readonly score: number;
  readonly tier: Tier;
  readonly confidence: number;
  readonly flags: readonly { readonly code: string; readonly severity: Severity }[];
  readonly recommendation: RecommendationAction;
}

/** What the checked action puts at stake; either may be absent. */
export interface GuardExposure {
  readonly amount?: number;
  readonly economicReachUsd?: number;
}

/** One rule's outcome: it fired (with a reason) or it passed. */
export interface RuleOutcome {
  readonly rule: string;
  readonly decision: GuardDecision;
  readonly reason?: string;
}

export const passed = (rule: string): RuleOutcome => ({ rule, decision: "allow" });
export const fired = (rule: string, decision: Exclude<GuardDecision, "allow">, reason: string): RuleOutcome => ({
  rule,
  decision,
  reason,
});

/** The larger of the stated figures (the stricter reading), or undefined when neither is stated. */
export function exposureOf(exposure: GuardExposure): number | undefined {
  const stated = [exposure.amount, exposure.economicReachUsd].filter((v): v is number => v !== undefined);
  return stated.length === 0 ? undefined : Math.max(...stated);
}
