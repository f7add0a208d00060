import type { ScoringFailed } from "../../application/use-cases/scoring/scored-address";
import type { ApiError } from "./api-error";

/** SPEC.md's widget codes for a score that could not be computed; batch items reuse them. */
export const scoringFailureError = (failure: ScoringFailed): ApiError => ({
  code: failure.stage === "detection" ? "detection_failed" : "scoring_unavailable",
});
