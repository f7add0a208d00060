import { scrubUrls } from "../../scrub-urls";
import type { TaskEither } from "fp-ts/TaskEither";
import type { Address } from "../../../domain/chain/address";
import type { SubjectType } from "../../../domain/gating/attestation";

export interface ScoringUnavailable {
  readonly _tag: "ScoringUnavailable";
  /** For logs only: why no score could be computed (upstream down, subject not scorable ...). */
  readonly detail: string;
}

export const scoringUnavailable = (detail: string): ScoringUnavailable => ({
  _tag: "ScoringUnavailable",
  detail: scrubUrls(detail),
});

/** The address is not what the request says it is (a contract asked about as a wallet, a wallet as a token). */
export interface SubjectKindMismatch {
  readonly _tag: "SubjectKindMismatch";
  readonly detail: string;
}

export const subjectKindMismatch = (detail: string): SubjectKindMismatch => ({
  _tag: "SubjectKindMismatch",
  detail: scrubUrls(detail),
});

export type SubjectScoringFailure = ScoringUnavailable | SubjectKindMismatch;

export interface SubjectScore {
  /** 0-100. */
  readonly score: number;
  readonly tier: string;
  /** 0-100. */
  readonly confidence: number;
  /** Flag codes (SCREAMING_SNAKE_CASE). */
  readonly flags: readonly string[];
  /** The stored snapshot this score is (`snap_<id>`). */
  readonly snapshotId: string;
  /** The scoring engine's own version (e.g. `v1.0`); attestations state their own version. */
  readonly scoringVersion: string;
}

/**
 * Scores a wallet or token for gating. Implemented by the scoring engine; gating never invents a
 * score, so any failure to compute one is `ScoringUnavailable`.
 */
export interface GatingScores {
  scoreSubject(request: {
    readonly subject: Address;
    readonly subjectType: SubjectType;
  }): TaskEither<SubjectScoringFailure, SubjectScore>;
}

export const GatingScores = Symbol.for("GatingScores");
