import type { TaskEither } from "fp-ts/TaskEither";
import type { ChallengeBody } from "../../../domain/payment/payment-challenge";
import type { RequestHeaders } from "../../../domain/payment/payment-proof-codec";
import type { PaymentReason } from "../../../domain/payment/payment-reason";
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

export const invalidPayment = (reason: PaymentReason): InvalidPayment => ({ _tag: "InvalidPayment", reason });
