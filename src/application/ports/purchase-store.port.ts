import type { TaskEither } from "fp-ts/TaskEither";
import type { UpstreamFailure } from "../failures";
import type { StoredPaidResponse } from "./payment-identifier-store.port";

/**
 * Answers bought, by payer and resource, so a payer who signs in with its wallet can read its
 * answer again without paying; and sign-in nonces, each usable once while its message is valid
 * (shared by every instance).
 */
export interface PurchaseStore {
  record(
    payer: string,
    resource: string,
    response: StoredPaidResponse,
    atMs: number,
  ): TaskEither<UpstreamFailure, void>;
  /** The newest answer `payer` bought for `resource` at or after `notBeforeMs`, with when it was bought. */
  latest(
    payer: string,
    resource: string,
    notBeforeMs: number,
  ): TaskEither<UpstreamFailure, { readonly response: StoredPaidResponse; readonly atMs: number } | null>;
  /**
   * True the first time a nonce is used, false while it is kept: up to and including `keptUntilMs`,
   * the last instant its message can be presented. Nonces past keeping at `nowMs` are forgotten.
   */
  useNonce(nonce: string, keptUntilMs: number, nowMs: number): TaskEither<UpstreamFailure, boolean>;
}

export const PurchaseStore = Symbol.for("PurchaseStore");
