import type { TaskEither } from "fp-ts/TaskEither";
import type { Address } from "../../../domain/chain/address";

/** Scoring's answer for one address, as a scan reads it. */
export interface ScanScore {
  readonly score: number;
  readonly tier: string;
  readonly flags: readonly { readonly code: string; readonly severity: string }[];
}

export interface ScanScoringFailed {
  readonly _tag: "ScanScoringFailed";
  /** For logs only. */
  readonly detail: string;
}

/** Scores any address for a scan: the same cached, snapshotted answer every product gets. */
export interface ScanScores {
  scoreAny(address: Address): TaskEither<ScanScoringFailed, ScanScore>;
}

export const ScanScores = Symbol.for("ScanScores");
