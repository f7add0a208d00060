import type { TaskEither } from "fp-ts/TaskEither";
import type { UpstreamFailure } from "../failures";

/** A paid response exactly as it was sent: JSON body and the headers that went with it. */
export interface StoredPaidResponse {
  readonly answer: unknown;
  readonly headers: Readonly<Record<string, string>>;
  /** The settlement, amounts as decimal strings. */
  readonly settlement: { readonly transaction: string; readonly payer: string; readonly value: string };
}

export type PaymentIdClaim =
  /** The id is this request's to use: process the payment, then `complete` or `release`. */
  | { readonly _tag: "claimed" }
  /** The id already bought this answer with this very payload: serve it again. */
  | { readonly _tag: "completed"; readonly response: StoredPaidResponse }
  /** The id's first request is still being processed. */
  | { readonly _tag: "pending" }
  /** The id was used with another payload or resource. */
  | { readonly _tag: "conflict" };

/**
 * Payment identifiers and the answers they bought, shared by every instance (PostgreSQL with
 * DATABASE_URL). `claim` is atomic: of concurrent claims of one id exactly one gets `claimed`.
 */
export interface PaymentIdentifierStore {
  /** `nowMs` wall clock: a pending claim older than the lease is taken over by the same fingerprint. */
  claim(id: string, fingerprint: string, nowMs: number): TaskEither<UpstreamFailure, PaymentIdClaim>;
  complete(id: string, response: StoredPaidResponse): TaskEither<UpstreamFailure, void>;
  /** Frees a claim whose request bought nothing, so a retry runs afresh. */
  release(id: string): TaskEither<UpstreamFailure, void>;
}

export const PaymentIdentifierStore = Symbol.for("PaymentIdentifierStore");
