import type { AddressKind } from "../../../domain/chain/chain-types";
import type { Tier } from "../../../domain/scoring";

export interface ScoringFiguresView {
  /** Scores actually computed (cache hits and coalesced waiters excluded). */
  readonly scoresComputed: number;
  /** Answers returned, cached ones included. */
  readonly answers: number;
  readonly failures: number;
  readonly byKind: Readonly<Record<AddressKind, number>>;
  readonly byTier: Readonly<Partial<Record<Tier, number>>>;
}

/**
 * What the platform counters need from scoring: its process-lifetime counters. Declared here, by its
 * consumer; the bridge to the scoring module is in application/bridges/.
 */
export interface ScoringFigures {
  view(): ScoringFiguresView;
}

export const ScoringFigures = Symbol.for("ScoringFigures");
