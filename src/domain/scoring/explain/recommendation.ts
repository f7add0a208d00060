import type { Flag } from "../flag";
import { flagRule } from "../flag-catalogue";
import { type ExplainInput, LOW_CONFIDENCE, penaltyFlags } from "./explain-input";
import type { Recommendation } from "./explanation-types";

/** Below this confidence a LOW score is not trusted enough to deny on its own. */
export const DENY_MIN_CONFIDENCE = 70;

/**
 * Why the data is too thin to deny on a low score alone, or null when it is adequate: a fresh wallet,
 * a subject still mining, or a confidence under DENY_MIN_CONFIDENCE. A low score there mostly measures
 * missing history, not evidence of harm.
 */
export function thinData(input: ExplainInput): string | null {
  if (input.flags.some((f) => f.code === "FRESH_WALLET")) return "fresh wallet";
  if (input.state === "mining") return "still mining";
  if (input.confidence < DENY_MIN_CONFIDENCE) return `confidence ${input.confidence}%`;
  return null;
}

const codesOf = (flags: readonly Flag[]): string => flags.map((f) => f.code).join(", ");

/**
 * The oracle's advice. Fails toward caution: sparse data never earns "allow", and a high-severity
 * flag always asks for review even when the score is otherwise fine. "deny" needs a blocking tier,
 * high-severity evidence, or a low score on adequate data.
 */
export function recommend(input: ExplainInput): Recommendation {
  const flags = penaltyFlags(input.flags);
  const worst = flags[0];
  if (input.tier === "BLOCKED") {
    return {
      action: "deny",
      reason: `Blocked: ${worst === undefined ? "blocking flag" : flagRule(worst.code).title}.`,
    };
  }
  if (input.tier === "VERIFIED") return { action: "allow", reason: "Official issuer from the configured list." };
  const high = flags.filter((f) => f.severity === "high" || f.severity === "critical");
  if (input.tier === "LOW") {
    if (high.length > 0)
      return {
        action: "deny",
        reason: `Low trust score (${input.score}/100) with high-severity flags: ${codesOf(high)}.`,
      };
    const thin = thinData(input);
    return thin === null
      ? { action: "deny", reason: `Low trust score (${input.score}/100) on adequate data.` }
      : { action: "review", reason: `Low score (${input.score}/100) on insufficient data (${thin}).` };
  }
  if (high.length > 0) {
    return { action: "review", reason: `High-severity flags: ${codesOf(high)}.` };
  }
  if (input.tier === "MEDIUM") return { action: "review", reason: `Medium trust score (${input.score}/100).` };
  if (input.confidence < LOW_CONFIDENCE) {
    return { action: "review", reason: `Score is ${input.tier} but data is sparse (confidence ${input.confidence}%).` };
  }
  return {
    action: "allow",
    reason: `${input.tier} trust score (${input.score}/100) with confidence ${input.confidence}%.`,
  };
}
