import { flagRule } from "../flag-catalogue";
import { type ExplainInput, SUBJECT_NOUN, penaltyFlags } from "./explain-input";

/** One sentence a log line, a table cell or a screen reader can carry. */
export function summarize(input: ExplainInput): string {
  const noun = SUBJECT_NOUN[input.subjectType];
  if (input.tier === "VERIFIED") return `${noun} is an official issuer (VERIFIED).`;
  const head =
    input.tier === "BLOCKED"
      ? `${noun} is BLOCKED (score ${input.score}/100, confidence ${input.confidence}%)`
      : `${noun} scores ${input.score}/100 (${input.tier}), confidence ${input.confidence}%`;
  const flags = penaltyFlags(input.flags);
  const worst = flags[0];
  const flagPart =
    worst === undefined
      ? "no risk flags"
      : `${flagRule(worst.code).title}; flags: ${flags.map((f) => f.code).join(", ")}`;
  const mining = input.state === "mining" ? " Still mining: too little market to judge fully." : "";
  return `${head}: ${flagPart}.${mining}`;
}
