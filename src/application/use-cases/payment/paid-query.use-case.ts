import * as E from "fp-ts/Either";
import type { TaskEither } from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import { checkAuthorizationTerms } from "../../../domain/payment/authorization-checks";
import { challengeBody, paymentRequiredHeader } from "../../../domain/payment/payment-challenge";
import { paymentKeyOf, transferKeyOf, type AuthorizationProof, type PaymentKey } from "../../../domain/payment/payment-proof";
import { findPaymentProof } from "../../../domain/payment/payment-proof-codec";
import type { PaymentTerms } from "../../../domain/payment/payment-terms";
import { settlementHeaders, type Settlement } from "../../../domain/payment/settlement-response";
import { PaymentLedger } from "../../ports/payment-ledger.port";
import { PaymentSettler } from "../../ports/payment-settler.port";
import { PaymentVerifier, type VerificationResult } from "../../ports/payment-verifier.port";
import { invalidPayment, type PaidAnswer, type PaidQueryFailure, type PaidQueryInput, type PaymentRequired } from "./paid-query.types";
import { PaymentTermsConfig } from "./payment-terms.token";

type Verified = Extract<VerificationResult, { valid: true }>;

/**
 * Sells one answer for one payment: challenge, verify, reserve, compute, settle, answer.
 * The reservation comes before the computation, so of many concurrent requests carrying one
 * payment exactly one is computed; money moves only after the answer exists, and a payer is
 * never charged without getting it.
 */
@injectable()
export class PaidQuery {
  constructor(
    @inject(PaymentVerifier) private readonly verifier: PaymentVerifier,
    @inject(PaymentSettler) private readonly settler: PaymentSettler,
    @inject(PaymentLedger) private readonly ledger: PaymentLedger,
    @inject(PaymentTermsConfig) private readonly terms: PaymentTerms,
  ) {}

  execute<E, A>(input: PaidQueryInput<E, A>): TaskEither<PaidQueryFailure<E>, PaidAnswer<A>> {
    return () => this.run(input);
  }

  /** The 402 answer for `resource`, also for routes that need it without a request. */
  challenge(resource: string, terms: PaymentTerms = this.terms): PaymentRequired {
    return {
      _tag: "PaymentRequired",
      body: challengeBody(terms, resource),
      headers: { "PAYMENT-REQUIRED": paymentRequiredHeader(terms, resource) },
    };
  }

  private async run<E, A>(input: PaidQueryInput<E, A>): Promise<E.Either<PaidQueryFailure<E>, PaidAnswer<A>>> {
    const terms = input.terms ?? this.terms;
    const lookup = findPaymentProof(input.headers);
    if (lookup._tag === "none") return E.left(this.challenge(input.resource, terms));
    if (lookup._tag === "invalid") return E.left(invalidPayment(lookup.reason));
    const proof = lookup.proof;
    // Refuse what is wrong on its face before spending RPC calls on it.
    const termsReason = proof.kind === "authorization" ? checkAuthorizationTerms(proof, terms) : null;
    if (termsReason !== null) return E.left(invalidPayment(termsReason));

    const verification = await this.verifier.verify(proof, terms, input.resource)();
    if (E.isLeft(verification)) return verification;
    const verified = verification.right;
    if (!verified.valid) return E.left(invalidPayment(verified.reason));

    const key = paymentKeyOf(proof, terms.chainId, terms.asset);
    const reservation = await this.ledger.reserve(key, verified.replayableUntil, verified.checkedAt)();
    if (E.isLeft(reservation)) return reservation;
    if (reservation.right === "already_used") return E.left(invalidPayment("nonce_already_used"));

    const computed = await input.compute()();
    if (E.isLeft(computed)) {
      // Nothing was broadcast: the payer keeps their money. Releasing lets the same proof be presented
      // again; if the release itself fails the key stays reserved until the authorization expires.
      await this.ledger.release(key)();
      return E.left({ _tag: "ComputeFailed", cause: computed.left });
    }

    const settlement =
      proof.kind === "transfer"
        ? E.right<PaidQueryFailure<E>, Settlement>({ transaction: proof.txHash, payer: verified.payer, value: verified.value })
        : await this.settle<E>(proof, terms, input.resource, key, verified);
    if (E.isLeft(settlement)) return settlement;
    // The money has moved: the answer is owed even if bookkeeping fails (the key stays reserved).
    await this.ledger.markSettled(key, settlement.right)();
    return E.right({ answer: computed.right, headers: settlementHeaders(proof, terms, settlement.right), settlement: settlement.right });
  }

  private async settle<E>(
    proof: AuthorizationProof,
    terms: PaymentTerms,
    resource: string,
    key: PaymentKey,
    verified: Verified,
  ): Promise<E.Either<PaidQueryFailure<E>, Settlement>> {
    const result = await this.settler.settle(proof, terms, resource)();
    // Outcome unknown: keep the reservation, since the transfer may still land.
    if (E.isLeft(result)) return result;
    if (result.right.settled) {
      // The settling transaction's own key is spent too: the same money never counts under two keys.
      await this.ledger.spend(transferKeyOf(terms.chainId, result.right.transaction))();
      return E.right({ transaction: result.right.transaction, payer: result.right.payer, value: verified.value });
    }
    // Refused before anything was sent: the authorization is untouched, so it may be retried.
    if (!result.right.broadcast) await this.ledger.release(key)();
    return E.left(invalidPayment(result.right.reason));
  }
}
