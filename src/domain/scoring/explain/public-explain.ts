import type { Tier } from "../tiers";
import { flagRule } from "../flag-catalogue";
import { type ExplainInput, LOW_CONFIDENCE, SUBJECT_NOUN, hasHighOrWorse, penaltyFlags } from "./explain-input";
import type { PublicExplain, Tone } from "./explanation-types";

const HEADLINE: Record<Exclude<Tier, "BLOCKED">, string> = {
  VERIFIED: "Official issuer",
  ELITE: "Excellent on-chain record",
  HIGH: "Good on-chain record",
  MEDIUM: "Mixed on-chain record",
  LOW: "Weak or unproven on-chain record",
};

const MAX_FLAG_LINES = 4;
const MAX_STRENGTH_LINES = 2;

function toneOf(input: ExplainInput): Tone {
  if (input.tier === "BLOCKED") return "danger";
  if (input.tier === "VERIFIED") return "positive";
  if (input.tier === "LOW" || hasHighOrWorse(input.flags)) return "caution";
  if (input.tier === "MEDIUM") return "neutral";
  return "positive";
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function publicExplain(input: ExplainInput): PublicExplain {
  const noun = SUBJECT_NOUN[input.subjectType];
  const flags = penaltyFlags(input.flags);
  const worst = flags[0];
  const headline =
    input.tier === "BLOCKED" && worst !== undefined
      ? `Blocked: ${flagRule(worst.code).title}`
      : `${HEADLINE[input.tier === "BLOCKED" ? "LOW" : input.tier]} (${noun.toLowerCase()})`;
  const lines: string[] = flags
    .slice(0, MAX_FLAG_LINES)
    .map((f) => `${capitalize(flagRule(f.code).title)}: ${f.evidence.detail}`);
  if (flags.length > MAX_FLAG_LINES) lines.push(`${flags.length - MAX_FLAG_LINES} more flag(s) in the full report.`);
  const strengths = input.components
    .filter((c) => c.max > 0 && c.points / c.max >= 0.6)
    .sort((a, b) => b.points / b.max - a.points / a.max)
    .slice(0, MAX_STRENGTH_LINES);
  for (const s of strengths) lines.push(`Strong ${s.label}: ${s.value} ${s.unit}.`);
  if (input.confidence < LOW_CONFIDENCE) lines.push(`Limited data: confidence ${input.confidence}%.`);
  if (input.state === "mining") lines.push("Still mining: too little market activity to judge fully.");
  return { headline, lines, tone: toneOf(input) };
}
