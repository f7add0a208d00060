import type { TaskEither } from "fp-ts/TaskEither";
import type {
  ComputeFailed,
  InvalidPayment,
  PaymentRequired,
  SanctionedPayer,
  SettlementUnknown,
} from "../../../domain/payment/paid-query-refusals";
import type { RequestHeaders } from "../../../domain/payment/payment-proof-codec";
import type { PaymentTerms } from "../../../domain/payment/payment-terms";
import type { Settlement } from "../../../domain/payment/settlement-response";
import type { UpstreamFailure } from "../../failures";

export interface PaidQueryInput<E, A> {
  /** The request headers, any letter case (Koa's `ctx.headers` as is). */
  readonly headers: RequestHeaders;
  /** Absolute URL of what is being bought, echoed in the challenge's `resource`. */
  readonly resource: string;
  /** Overrides the configured terms (another price for another product). */
  readonly terms?: PaymentTerms;
  /** Produces the answer; runs only after the payment is verified and reserved. */
  readonly compute: () => TaskEither<E, A>;
}

/**
 * UpstreamFailure (source "payment" or "storage") means a verifier, ledger or settler could
 * not be reached: HTTP 502. If it happened during settlement the payment stays reserved.
 */
export type PaidQueryFailure<E> =
  PaymentRequired | InvalidPayment | UpstreamFailure | SettlementUnknown | ComputeFailed<E> | SanctionedPayer;

export interface PaidAnswer<A> {
  readonly answer: A;
  /** Response headers to set: X-PAYMENT-RESPONSE, and PAYMENT-RESPONSE for x402 v2 payers. */
  readonly headers: Readonly<Record<string, string>>;
  readonly settlement: Settlement;
}
