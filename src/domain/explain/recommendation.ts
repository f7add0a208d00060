import { flagRule } from "../scoring/flag-catalogue";
import { type ExplainInput, LOW_CONFIDENCE, penaltyFlags } from "./explain-input";
import type { Recommendation } from "./explanation-types";

/**
 * The oracle's advice. Fails toward caution: sparse data never earns "allow", and a high-severity
 * flag always asks for review even when the score is otherwise fine.
 */
export function recommend(input: ExplainInput): Recommendation {
  const flags = penaltyFlags(input.flags);
  const worst = flags[0];
  if (input.tier === "BLOCKED") {
    return { action: "deny", reason: `Blocked: ${worst === undefined ? "blocking flag" : flagRule(worst.code).title}.` };
  }
  if (input.tier === "VERIFIED") return { action: "allow", reason: "Official issuer from the configured list." };
  const high = flags.filter((f) => f.severity === "high");
  if (input.tier === "LOW") {
    return input.confidence >= LOW_CONFIDENCE
      ? { action: "deny", reason: `Low trust score (${input.score}/100) on adequate data.` }
      : { action: "review", reason: `Low score (${input.score}/100) on sparse data (confidence ${input.confidence}%).` };
  }
  if (high.length > 0) {
    return { action: "review", reason: `High-severity flags: ${high.map((f) => f.code).join(", ")}.` };
  }
  if (input.tier === "MEDIUM") return { action: "review", reason: `Medium trust score (${input.score}/100).` };
  if (input.confidence < LOW_CONFIDENCE) {
    return { action: "review", reason: `Score is ${input.tier} but data is sparse (confidence ${input.confidence}%).` };
  }
  return { action: "allow", reason: `${input.tier} trust score (${input.score}/100) with confidence ${input.confidence}%.` };
}
