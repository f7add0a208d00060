import * as E from "fp-ts/Either";
import { inject, injectable } from "inversify";
import type { SignInRefused } from "../../../domain/payment/paid-query-refusals";
import { headerValue, type RequestHeaders } from "../../../domain/payment/payment-proof-codec";
import type { UpstreamFailure } from "../../failures";
import { Clock } from "../../ports/clock.port";
import type { StoredPaidResponse } from "../../ports/payment-identifier-store.port";
import { PurchaseStore } from "../../ports/purchase-store.port";
import { SignInWithX } from "../../ports/sign-in-with-x.port";

/** How long a bought answer can be read again by signing in (PAID_ANSWER_REACCESS_SECONDS). */
export interface ReaccessSettings {
  readonly lifetimeMs: number;
}

export const ReaccessSettings = Symbol.for("ReaccessSettings");

/**
 * Re-access to a bought answer (the x402 sign-in-with-x extension): the payer signs a CAIP-122
 * message for the resource with the wallet that paid, and reads the stored answer again, as it was
 * (its queriedAt included), for the answer's lifetime, without paying.
 */
@injectable()
export class PaidAnswerReaccess {
  constructor(
    @inject(SignInWithX) private readonly signIn: SignInWithX,
    @inject(PurchaseStore) private readonly purchases: PurchaseStore,
    @inject(Clock) private readonly clock: Clock,
    @inject(ReaccessSettings) private readonly settings: ReaccessSettings,
  ) {}

  declaration(resource: string): Readonly<Record<string, unknown>> {
    return this.signIn.declaration(resource, this.clock.nowMs());
  }

  /**
   * The answer a signed-in payer bought; null without a sign-in header or without a live purchase.
   * The purchase is looked up before the nonce is spent: a signer who bought nothing leaves nothing
   * stored, and its sign-in still works once it has bought.
   */
  async reread(
    headers: RequestHeaders,
    resource: string,
  ): Promise<E.Either<SignInRefused | UpstreamFailure, { response: StoredPaidResponse; atMs: number } | null>> {
    const header = headerValue(headers, "sign-in-with-x");
    if (header === undefined) return E.right(null);
    const outcome = await this.signIn.verify(header, resource);
    if (outcome._tag === "refused") return E.left({ _tag: "SignInRefused", reason: outcome.reason });
    const nowMs = this.clock.nowMs();
    const bought = await this.purchases.latest(outcome.address, resource, nowMs - this.settings.lifetimeMs)();
    if (E.isLeft(bought) || bought.right === null) return bought;
    const fresh = await this.purchases.useNonce(outcome.nonce, outcome.validUntilMs, nowMs)();
    if (E.isLeft(fresh)) return fresh;
    return fresh.right ? bought : E.left({ _tag: "SignInRefused", reason: "invalid_siwx_nonce" });
  }

  record(payer: string, resource: string, response: StoredPaidResponse): Promise<E.Either<UpstreamFailure, void>> {
    return this.purchases.record(payer, resource, response, this.clock.nowMs())();
  }
}
