import { scrubUrls } from "../../scrub-urls";
import type { UpstreamFailure } from "../../failures";

/**
 * Expected failures of the Protocol Guard use-cases. `storage_failed` is the subscription store
 * being unreachable; the edge answers it as an internal error and logs the detail.
 */
export type GuardFailureCode =
  | "registration_not_found"
  | "unauthorized"
  | "scoring_unavailable"
  | "storage_failed"
  | "subscription_cancelled"
  | "alert_not_found";

export interface GuardFailure {
  readonly _tag: "GuardFailure";
  readonly code: GuardFailureCode;
  /** For logs only. */
  readonly detail: string;
}

export const guardFailure = (code: GuardFailureCode, detail: string): GuardFailure => ({
  _tag: "GuardFailure",
  code,
  detail: scrubUrls(detail),
});

export const storageFailed = (cause: UpstreamFailure): GuardFailure => guardFailure("storage_failed", cause.detail);

export const notFound = (): GuardFailure => guardFailure("registration_not_found", "no such subscription");
