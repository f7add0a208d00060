import * as E from "fp-ts/Either";
import type { TaskEither } from "fp-ts/TaskEither";
import { inject, injectable, optional } from "inversify";
import { authorizationReplayableUntil, checkAuthorizationTerms } from "../../../domain/payment/authorization-checks";
import { invalidPayment, type PaymentRequired } from "../../../domain/payment/paid-query-refusals";
import { challengeBody, paymentRequiredHeader } from "../../../domain/payment/payment-challenge";
import {
  paymentKeyOf,
  transferKeyOf,
  type AuthorizationProof,
  type PaymentKey,
  type TransferProof,
} from "../../../domain/payment/payment-proof";
import { findPaymentProof } from "../../../domain/payment/payment-proof-codec";
import type { PaymentTerms } from "../../../domain/payment/payment-terms";
import { settlementHeaders, type Settlement } from "../../../domain/payment/settlement-response";
import { PaymentLedger } from "../../ports/payment-ledger.port";
import { PaymentSettler } from "../../ports/payment-settler.port";
import { PaymentVerifier, type VerificationResult } from "../../ports/payment-verifier.port";
import type { PaidAnswer, PaidQueryFailure, PaidQueryInput } from "./paid-query.types";
import { PaymentTermsConfig } from "./payment-terms.token";
import { PayerScreening } from "./payer-screening.port";

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
    @inject(PayerScreening) @optional() private readonly screening?: PayerScreening,
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

    const key = paymentKeyOf(proof, terms.chainId, terms.asset);
    const verification = await this.verifier.verify(proof, terms, input.resource)();
    if (E.isLeft(verification)) return verification;
    const verified = verification.right;
    if (!verified.valid) {
      // Used on chain may be our own settlement whose outcome we never learnt: the retry it invites.
      if (verified.reason === "nonce_already_used" && proof.kind === "authorization")
        return this.recover(proof, terms, key, input);
      return E.left(invalidPayment(verified.reason));
    }
    // A sanctioned payer is refused before anything is reserved or settled (issue 33 item 4).
    const sanctioned = this.screening?.refusedPayer(verified.payer) ?? null;
    if (sanctioned !== null) return E.left({ _tag: "SanctionedPayer", ...sanctioned });

    const reservation = await this.ledger.reserve(key, verified.replayableUntil, verified.checkedAt)();
    if (E.isLeft(reservation)) return reservation;
    if (reservation.right === "already_used") {
      return proof.kind === "authorization"
        ? this.recover(proof, terms, key, input)
        : E.left(invalidPayment("nonce_already_used"));
    }

    const computed = await input.compute()();
    if (E.isLeft(computed)) {
      // Nothing was broadcast: the payer keeps their money. Releasing lets the same proof be presented
      // again; if the release itself fails the key stays reserved until the authorization expires.
      await this.ledger.release(key)();
      return E.left({ _tag: "ComputeFailed", cause: computed.left });
    }

    const settlement =
      proof.kind === "transfer"
        ? E.right<PaidQueryFailure<E>, Settlement>({
            transaction: proof.txHash,
            payer: verified.payer,
            value: verified.value,
          })
        : await this.tracked(key, this.settle<E>(proof, terms, input.resource, key, verified));
    if (E.isLeft(settlement)) return settlement;
    return this.answer(proof, terms, key, settlement.right, computed.right);
  }

  /** Payment keys whose settlement is under way right now (shutdown waits for them, then logs the rest). */
  settlementsInFlight(): readonly PaymentKey[] {
    return [...this.inFlight];
  }

  private readonly inFlight = new Set<PaymentKey>();

  private async tracked<T>(key: PaymentKey, work: Promise<T>): Promise<T> {
    this.inFlight.add(key);
    try {
      return await work;
    } finally {
      this.inFlight.delete(key);
    }
  }

  /** The money has moved: record it under its key (and spend the key of its transaction), then answer. */
  private async answer<E, A>(
    proof: AuthorizationProof | TransferProof,
    terms: PaymentTerms,
    key: PaymentKey,
    settlement: Settlement,
    answer: A,
  ): Promise<E.Either<PaidQueryFailure<E>, PaidAnswer<A>>> {
    // Bookkeeping failures do not withhold the answer: the key stays reserved either way.
    await this.ledger.markSettled(key, settlement)();
    if (proof.kind === "authorization") await this.ledger.spend(transferKeyOf(terms.chainId, settlement.transaction))();
    return E.right({ answer, headers: settlementHeaders(proof, terms, settlement), settlement });
  }

  /**
   * A retry of a payment whose settlement outcome was never learnt, or an authorization someone
   * else submitted before we saw it (issue 33 item 6: the payee has the money, our ledger never had
   * the key): exactly one request claims it, looks on chain, and serves the answer if the money
   * moved to our payee, or settles afresh if it did not.
   */
  private async recover<E, A>(
    proof: AuthorizationProof,
    terms: PaymentTerms,
    key: PaymentKey,
    input: PaidQueryInput<E, A>,
  ): Promise<E.Either<PaidQueryFailure<E>, PaidAnswer<A>>> {
    const claimed = await this.claim(proof, key);
    if (E.isLeft(claimed)) return claimed;
    if (claimed.right === null) return E.left(invalidPayment("nonce_already_used"));
    const stillUncertain = async (detail: string): Promise<E.Either<PaidQueryFailure<E>, never>> => {
      await this.ledger.markUncertain(key)();
      return E.left({ _tag: "SettlementUnknown", detail });
    };
    if (this.settler.findSettlement === undefined)
      return stillUncertain("this settler cannot look the authorization up on chain");
    const onChain = await this.settler.findSettlement(proof, terms)();
    if (E.isLeft(onChain)) return stillUncertain(onChain.left.detail);
    const value = proof.authorization.value;
    // Used by a transaction that did not pay our payee this value (the payer reused the nonce elsewhere).
    if (onChain.right.used === "not_to_payee") return E.left(invalidPayment("nonce_already_used"));
    // Never in our ledger, yet settled by our own key: the ledger forgot it (in-memory, restarted), not a front-run.
    if (claimed.right === "never_seen" && onChain.right.used && onChain.right.ours === true)
      return E.left(invalidPayment("nonce_already_used"));
    if (onChain.right.used && onChain.right.transaction === null)
      return stillUncertain("authorization used, its transaction out of reach");
    const computed = await input.compute()();
    if (E.isLeft(computed)) {
      await this.ledger.markUncertain(key)();
      return E.left({ _tag: "ComputeFailed", cause: computed.left });
    }
    if (onChain.right.used && onChain.right.transaction !== null) {
      const settlement = { transaction: onChain.right.transaction, payer: onChain.right.payer, value };
      return this.answer(proof, terms, key, settlement, computed.right);
    }
    // Nothing moved: the authorization is unused and (verified moments ago) still valid, so settle it now.
    const settled = await this.tracked(
      key,
      this.settle<E>(proof, terms, input.resource, key, { payer: proof.authorization.from, value }),
    );
    if (E.isLeft(settled)) return settled;
    return this.answer(proof, terms, key, settled.right, computed.right);
  }

  /**
   * The right to look this authorization up: an uncertain key of ours, or a key we never held at
   * all (someone else submitted the authorization first). A never-seen key is reserved like a fresh
   * payment, so of concurrent presentations exactly one wins; `now` 0 takes over no lapsed reservation.
   */
  private async claim(
    proof: AuthorizationProof,
    key: PaymentKey,
  ): Promise<E.Either<PaidQueryFailure<never>, "never_seen" | "uncertain" | null>> {
    const known = await this.ledger.find(key)();
    if (E.isLeft(known)) return known;
    if (known.right === null) {
      const reserved = await this.ledger.reserve(key, authorizationReplayableUntil(proof.authorization), 0)();
      if (E.isLeft(reserved)) return reserved;
      if (reserved.right === "reserved") return E.right("never_seen");
    }
    const uncertain = await this.ledger.claimUncertain(key)();
    if (E.isLeft(uncertain)) return uncertain;
    return E.right(uncertain.right ? "uncertain" : null);
  }

  private async settle<E>(
    proof: AuthorizationProof,
    terms: PaymentTerms,
    resource: string,
    key: PaymentKey,
    verified: Pick<Verified, "payer" | "value">,
  ): Promise<E.Either<PaidQueryFailure<E>, Settlement>> {
    const result = await this.settler.settle(proof, terms, resource)();
    if (E.isLeft(result)) {
      // Outcome unknown: keep the key, marked so that a retry of this payment looks on chain first.
      await this.ledger.markUncertain(key)();
      return E.left({ _tag: "SettlementUnknown", detail: result.left.detail });
    }
    if (result.right.settled) {
      return E.right({ transaction: result.right.transaction, payer: result.right.payer, value: verified.value });
    }
    // Refused before anything was sent: the authorization is untouched, so it may be retried.
    if (!result.right.broadcast) await this.ledger.release(key)();
    return E.left(invalidPayment(result.right.reason));
  }
}
