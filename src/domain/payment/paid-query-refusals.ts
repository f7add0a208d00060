import type { ChallengeBody } from "./payment-challenge";
import type { PaymentReason } from "./payment-reason";

/**
 * Why a paid query gives no answer, other than an upstream that did not reply (application/failures.ts):
 * the one vocabulary of selling an answer for a payment, shared by payment (which decides) and the products
 * that sell through it (which map each to an HTTP answer).
 */

/** No payment attached: HTTP 402 with `body` and `headers` (PAYMENT-REQUIRED). */
export interface PaymentRequired {
  readonly _tag: "PaymentRequired";
  readonly body: ChallengeBody;
  readonly headers: Readonly<Record<string, string>>;
}

/** The payment does not buy an answer: HTTP 422 `{error: "invalid_payment", reason}`. */
export interface InvalidPayment {
  readonly _tag: "InvalidPayment";
  readonly reason: PaymentReason;
}

export const invalidPayment = (reason: PaymentReason): InvalidPayment => ({ _tag: "InvalidPayment", reason });

/** `compute` failed: nothing was settled; map `cause` as the unpaid path would (502). */
export interface ComputeFailed<E> {
  readonly _tag: "ComputeFailed";
  readonly cause: E;
}

/**
 * A settlement was sent and its outcome is unknown (receipt timed out, node unreachable): the money
 * may have moved. HTTP 502 saying so; retrying the same payment is safe (it looks on chain first).
 */
export interface SettlementUnknown {
  readonly _tag: "SettlementUnknown";
  /** For logs only. */
  readonly detail: string;
}

/**
 * The verified payer is on a sanctions list (issue 33 item 4): HTTP 403 `sanctioned_payer`. Checked after
 * verification and before anything is reserved, computed or settled: no money moves.
 */
export interface SanctionedPayer {
  readonly _tag: "SanctionedPayer";
  readonly list: string;
  readonly listDate: string;
}

/** A used payment-identifier presented with another payment or resource: 409 payment_identifier_conflict. */
export interface PaymentIdentifierConflict {
  readonly _tag: "PaymentIdentifierConflict";
}

/** The id's first request is still running: 409 payment_in_progress, retry shortly. */
export interface PaymentInProgress {
  readonly _tag: "PaymentInProgress";
}

/** A `SIGN-IN-WITH-X` header that does not sign anyone in: 401 sign_in_failed with the reason. */
export interface SignInRefused {
  readonly _tag: "SignInRefused";
  readonly reason: string;
}

/** Every refusal of a paid query with payment-identifier and sign-in re-access (IdempotentPaidQuery). */
export type PaymentRefusal =
  | PaymentRequired
  | InvalidPayment
  | SettlementUnknown
  | SanctionedPayer
  | PaymentIdentifierConflict
  | PaymentInProgress
  | SignInRefused;
