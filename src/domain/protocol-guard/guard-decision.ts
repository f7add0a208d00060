import { defaultPolicy } from "./default-policy";
import type { GuardRule } from "./guard-rules";
import {
  fired,
  passed,
  type GuardDecision,
  type GuardExposure,
  type GuardSubject,
  type RuleOutcome,
} from "./guard-subject";
import { subscriptionPolicy, type OnchainContext } from "./subscription-policy";
import type { SubscriptionStatus } from "./subscription";

export type { GuardDecision } from "./guard-subject";

export interface GuardVerdict {
  readonly decision: GuardDecision;
  /** Why, one line per rule that fired; empty when allowed. */
  readonly reasons: readonly string[];
  /** Every rule evaluated, fired or not, in order. */
  readonly rulesApplied: readonly string[];
}

const SEVERITY: Record<GuardDecision, number> = { allow: 0, review: 1, block: 2 };

/**
 * Applies whatever rule set is given; no subscription rule can loosen it: a BLOCKED tier or a
 * critical (proven blocking) flag always blocks.
 */
function safetyFloor(subject: GuardSubject): RuleOutcome {
  const critical = subject.flags.filter((f) => f.severity === "critical").map((f) => f.code);
  if (subject.tier === "BLOCKED")
    return fired("safety_floor", "block", `tier BLOCKED${critical.length > 0 ? `: ${critical.join(", ")}` : ""}`);
  if (critical.length > 0) return fired("safety_floor", "block", `critical flag: ${critical.join(", ")}`);
  return passed("safety_floor");
}

/**
 * The decision for one check: the safety floor, then the subscription's rules when it has any,
 * else the default policy. The most severe outcome wins (block > review > allow).
 */
export function decideGuard(
  subject: GuardSubject,
  exposure: GuardExposure,
  rules?: readonly GuardRule[],
  onchain?: OnchainContext,
): GuardVerdict {
  const policy =
    rules !== undefined && rules.length > 0
      ? subscriptionPolicy(rules, subject, exposure, onchain)
      : defaultPolicy(subject, exposure);
  const outcomes = [safetyFloor(subject), ...policy];
  const decision = outcomes.reduce<GuardDecision>(
    (worst, o) => (SEVERITY[o.decision] > SEVERITY[worst] ? o.decision : worst),
    "allow",
  );
  return {
    decision,
    reasons: outcomes.flatMap((o) => (o.reason === undefined ? [] : [o.reason])),
    rulesApplied: outcomes.map((o) => o.rule),
  };
}

/** A subscriber hears about reviews and blocks, and only while its subscription is active. */
export function shouldRecordAlert(status: SubscriptionStatus, verdict: GuardVerdict): boolean {
  return status === "active" && verdict.decision !== "allow";
}
