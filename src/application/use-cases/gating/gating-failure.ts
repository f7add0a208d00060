/** Gating could not answer (no score, or no signature): the edge maps both codes to 502. */
export type GatingFailureCode = "attest_failed" | "check_failed";

export interface GatingFailure {
  readonly _tag: "GatingFailure";
  readonly code: GatingFailureCode;
  /** For logs only; never sent to clients. */
  readonly detail: string;
}

export const gatingFailure = (code: GatingFailureCode, detail: string): GatingFailure => ({
  _tag: "GatingFailure",
  code,
  detail,
});
