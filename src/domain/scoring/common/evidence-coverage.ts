import type { Shortfall } from "./confidence";
import { round2 } from "./math";

/**
 * How much of a subject's life the answer rests on. `none`: nothing was ever seen (a never-used address);
 * `thin`: a handful of events; `partial`: a real history with a known gap (truncated read, no simulation,
 * or still short of the saturation points); `full`: enough of everything below.
 */
export type EvidenceCoverage = "none" | "thin" | "partial" | "full";

export const EVIDENCE_COVERAGES: readonly EvidenceCoverage[] = ["none", "thin", "partial", "full"];

/** What the scorer actually saw. Every count is of distinct things read, not of things that may exist. */
export interface EvidenceSeen {
  /** Transactions plus token and NFT transfers involving the subject. */
  readonly events: number;
  /** Distinct UTC days with at least one event. */
  readonly activeDays: number;
  /** Distinct other addresses in those events (holders for a token or collection). */
  readonly counterparties: number;
  /** False when a history read stopped at its bound. */
  readonly historyComplete: boolean;
  /** Null where no simulation applies (wallets, NFTs); false when a token's sell simulation did not run. */
  readonly simulationRan: boolean | null;
}

/** Saturation points: at these counts one more event no longer adds confidence. */
export interface EvidenceSaturation {
  readonly events: number;
  readonly activeDays: number;
  readonly counterparties: number;
}

export interface EvidenceAssessment {
  readonly coverage: EvidenceCoverage;
  /** 0..1: the weighted breadth of what was seen. */
  readonly breadth: number;
  /** The confidence the evidence alone can support; the scorer's shortfalls can only lower it further. */
  readonly confidenceCap: number;
  /** The plain sentence that says why the cap bites, null at full coverage. */
  readonly limitation: string | null;
}

/** Nothing seen: a score of an address nobody has used says nothing, so it may not claim more than this. */
export const NO_EVIDENCE_CONFIDENCE = 10;
/** Without a sell simulation a token's answer cannot rule out a honeypot: never more than this. */
export const NO_SIMULATION_CONFIDENCE_CAP = 60;

const WEIGHTS = { events: 0.5, activeDays: 0.25, counterparties: 0.25 } as const;
const THIN_BELOW = 0.5;
const FULL_FROM = 0.95;

const logShare = (n: number, saturation: number): number =>
  n <= 0 ? 0 : Math.min(1, Math.log(1 + n) / Math.log(1 + saturation));
const linearShare = (n: number, saturation: number): number => (n <= 0 ? 0 : Math.min(1, n / saturation));

/**
 * The documented confidence function (docs/tiers.md, "Confidence and coverage"):
 *   breadth = 0.5 * log(1+events)/log(1+E) + 0.25 * min(1, activeDays/D) + 0.25 * min(1, counterparties/C)
 *   cap     = 10 + 90 * breadth (10 with no events at all, 100 from breadth 0.95), at most 60 when a token's simulation did not run;
 *   confidence = min(cap, 100 - sum of the scorer's shortfall costs), never below 5.
 * Coverage: none with no events; thin when breadth < 0.5; partial when breadth < 0.95, the history was
 * truncated or the simulation did not run; full otherwise.
 */
export function assessEvidence(seen: EvidenceSeen, saturation: EvidenceSaturation, what: string): EvidenceAssessment {
  if (seen.events <= 0) {
    return {
      coverage: "none",
      breadth: 0,
      confidenceCap: NO_EVIDENCE_CONFIDENCE,
      limitation: `No history: nothing involving this ${what} was ever seen on chain; the score is a placeholder, not a judgement (unknown is neither safe nor unsafe).`,
    };
  }
  const breadth = round2(
    WEIGHTS.events * logShare(seen.events, saturation.events) +
      WEIGHTS.activeDays * linearShare(seen.activeDays, saturation.activeDays) +
      WEIGHTS.counterparties * linearShare(seen.counterparties, saturation.counterparties),
  );
  let cap = breadth >= FULL_FROM ? 100 : Math.round(NO_EVIDENCE_CONFIDENCE + (100 - NO_EVIDENCE_CONFIDENCE) * breadth);
  if (seen.simulationRan === false) cap = Math.min(cap, NO_SIMULATION_CONFIDENCE_CAP);
  const seenText = `${seen.events} event(s) on ${seen.activeDays} day(s) with ${seen.counterparties} counterpart(ies)`;
  if (breadth < THIN_BELOW) {
    return {
      coverage: "thin",
      breadth,
      confidenceCap: cap,
      limitation: `Thin history: ${seenText}; too little to judge this ${what} either way.`,
    };
  }
  const partial = breadth < FULL_FROM || !seen.historyComplete || seen.simulationRan === false;
  return {
    coverage: partial ? "partial" : "full",
    breadth,
    confidenceCap: cap,
    limitation: breadth < FULL_FROM ? `Short history: ${seenText}.` : null,
  };
}

/** The assessment's limitation as a zero-cost shortfall, so it is listed with the others. */
export function evidenceShortfall(assessment: EvidenceAssessment): Shortfall | null {
  return assessment.limitation === null ? null : { cost: 0, limitation: assessment.limitation };
}

const DAY = 86_400;

/** Distinct UTC days among timestamps (chain time, seconds). */
export function distinctDays(timestamps: Iterable<number>): number {
  const days = new Set<number>();
  for (const t of timestamps) days.add(Math.floor(t / DAY));
  return days.size;
}
