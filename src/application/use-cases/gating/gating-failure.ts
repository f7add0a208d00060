import { scrubUrls } from "../../scrub-urls";
import type { SubjectScoringFailure } from "./gating-scores.port";

/**
 * Gating could not answer: no score or no signature (`attest_failed`, `check_failed`: 502), or
 * the subject is not the kind the request names (`invalid_subject`, `invalid_wallet`: 400), or an
 * attestation is asked for a chain the service does not score (`invalid_chain_id`: 400).
 */
export type GatingFailureCode =
  "attest_failed" | "check_failed" | "invalid_subject" | "invalid_wallet" | "invalid_chain_id";

export interface GatingFailure {
  readonly _tag: "GatingFailure";
  readonly code: GatingFailureCode;
  /** For logs only; never sent to clients. */
  readonly detail: string;
}

export const gatingFailure = (code: GatingFailureCode, detail: string): GatingFailure => ({
  _tag: "GatingFailure",
  code,
  detail: scrubUrls(detail),
});

/** A scoring failure as gating reports it: a wrong kind of subject is the caller's input error. */
export const scoringFailureOf =
  (unavailable: GatingFailureCode, mismatch: GatingFailureCode) =>
  (failure: SubjectScoringFailure): GatingFailure =>
    failure._tag === "SubjectKindMismatch"
      ? gatingFailure(mismatch, failure.detail)
      : gatingFailure(unavailable, `scoring unavailable: ${failure.detail}`);
