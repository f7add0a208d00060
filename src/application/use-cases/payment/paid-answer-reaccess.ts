import * as E from "fp-ts/Either";
import { inject, injectable } from "inversify";
import { headerValue, type RequestHeaders } from "../../../domain/payment/payment-proof-codec";
import type { UpstreamFailure } from "../../failures";
import { Clock } from "../../ports/clock.port";
import type { StoredPaidResponse } from "../../ports/payment-identifier-store.port";
import { PurchaseStore } from "../../ports/purchase-store.port";
import { SignInWithX } from "../../ports/sign-in-with-x.port";

/** A `SIGN-IN-WITH-X` header that does not sign anyone in: 401 sign_in_failed with the reason. */
export interface SignInRefused {
  readonly _tag: "SignInRefused";
  readonly reason: string;
}

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

  /** The answer a signed-in payer bought; null without a sign-in header or without a live purchase. */
  async reread(
    headers: RequestHeaders,
    resource: string,
  ): Promise<E.Either<SignInRefused | UpstreamFailure, { response: StoredPaidResponse; atMs: number } | null>> {
    const header = headerValue(headers, "sign-in-with-x");
    if (header === undefined) return E.right(null);
    let storeFailure: UpstreamFailure | null = null;
    const outcome = await this.signIn.verify(header, resource, async (nonce) => {
      const used = await this.purchases.useNonce(nonce, this.clock.nowMs())();
      if (E.isLeft(used)) storeFailure = used.left;
      return E.isRight(used) && used.right;
    });
    if (storeFailure !== null) return E.left(storeFailure);
    if (outcome._tag === "refused") return E.left({ _tag: "SignInRefused", reason: outcome.reason });
    return this.purchases.latest(outcome.address, resource, this.clock.nowMs() - this.settings.lifetimeMs)();
  }

  record(payer: string, resource: string, response: StoredPaidResponse): Promise<E.Either<UpstreamFailure, void>> {
    return this.purchases.record(payer, resource, response, this.clock.nowMs())();
  }
}
