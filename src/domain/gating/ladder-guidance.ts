import type { LadderBand, LadderInput, LadderReason } from "./ladder";

interface Verdict {
  readonly matchedBand: LadderBand | null;
  readonly nextBand: LadderBand | null;
  readonly marginToNextBand: number | null;
  readonly reasons: readonly LadderReason[];
}

const describeBand = (band: LadderBand) =>
  `${band.minScore}${band.maxScore === undefined ? "+" : `-${band.maxScore}`} (${band.capability}` +
  `${band.maxAmount === undefined ? "" : `, up to ${band.maxAmount}`})`;

function reasonSentence(reason: LadderReason, input: LadderInput, verdict: Verdict): string {
  switch (reason) {
    case "no_band_matches":
      return `Score ${input.score} falls in no band of the ladder.`;
    case "capability_mismatch":
      return `No band containing score ${input.score} grants "${input.capability}".`;
    case "amount_exceeds_band_max":
      return `Requested amount ${input.requestedAmount} exceeds the band's maximum ${verdict.matchedBand?.maxAmount}.`;
    case "confidence_below_minimum":
      return `Confidence ${input.confidence} is below the ladder's minimum ${input.ladder.minConfidence}; a longer on-chain history raises it.`;
    case "multi_factor_not_acknowledged":
      return "Mainnet mode requires your own second factor: send ladder.multiFactorAcknowledged: true once your protocol checks one.";
  }
}

/** One readable paragraph: the decision, each reason, and how far the next band is. */
export function ladderGuidance(input: LadderInput, verdict: Verdict): string {
  const sentences: string[] = [];
  if (verdict.reasons.length === 0 && verdict.matchedBand !== null) {
    sentences.push(`Allowed: score ${input.score} is in band ${describeBand(verdict.matchedBand)}.`);
  } else {
    sentences.push("Not allowed.", ...verdict.reasons.map((reason) => reasonSentence(reason, input, verdict)));
  }
  if (verdict.nextBand !== null) {
    sentences.push(`${verdict.marginToNextBand} more points reach band ${describeBand(verdict.nextBand)}.`);
  } else if (verdict.matchedBand !== null) {
    sentences.push("This is the top band.");
  }
  return sentences.join(" ");
}
