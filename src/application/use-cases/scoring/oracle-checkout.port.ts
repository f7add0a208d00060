import type { TaskEither } from "fp-ts/TaskEither";
import type { ComputeFailed, PaymentRefusal } from "../../../domain/payment/paid-query-refusals";
import type { RequestHeaders } from "../../../domain/payment/payment-proof-codec";
import type { UpstreamFailure } from "../../failures";
import type { ScoredAddress, ScoringFailed } from "./scored-address";

/** Refused (payment), not computed (scoring), or an upstream of the payment that did not answer. */
export type CheckoutFailure = PaymentRefusal | ComputeFailed<ScoringFailed> | UpstreamFailure;

export interface CheckoutRequest {
  readonly headers: RequestHeaders;
  /** Absolute URL of what is bought (x402 `resource`). */
  readonly resource: string;
  /** Runs only once the payment is verified and reserved. */
  readonly compute: () => TaskEither<ScoringFailed, ScoredAddress>;
}

export interface CheckoutAnswer {
  readonly answer: ScoredAddress;
  /** The settlement headers to send. */
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * What the oracle needs from payment: one score sold for one payment, bought once per payment-identifier
 * and read again by signing in. Declared here, by its consumer; the bridge to the payment module is in
 * application/bridges/.
 */
export interface OracleCheckout {
  sell(request: CheckoutRequest): TaskEither<CheckoutFailure, CheckoutAnswer>;
}

export const OracleCheckout = Symbol.for("OracleCheckout");
