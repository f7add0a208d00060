import * as E from "fp-ts/Either";
import type { TaskEither } from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import type { TxHash } from "../../../domain/chain/chain-types";
import { v2PaymentRequired } from "../../../domain/payment/payment-challenge";
import { paymentIdFingerprint } from "../../../domain/payment/payment-identifier";
import {
  invalidPayment,
  type PaymentIdentifierConflict,
  type PaymentInProgress,
  type SignInRefused,
} from "../../../domain/payment/paid-query-refusals";
import { findPaymentProof } from "../../../domain/payment/payment-proof-codec";
import type { PaymentTerms } from "../../../domain/payment/payment-terms";
import { upstreamFailure, type UpstreamFailure } from "../../failures";
import { Clock } from "../../ports/clock.port";
import { PaymentIdentifierStore } from "../../ports/payment-identifier-store.port";
import { X402Protocol } from "../../ports/x402-protocol.port";
import { PaidQuery } from "./paid-query.use-case";
import type { PaidAnswer, PaidQueryFailure, PaidQueryInput } from "./paid-query.types";
import { PaymentTermsConfig } from "./payment-terms.token";
import { PaidAnswerReaccess } from "./paid-answer-reaccess";
import type { StoredPaidResponse } from "../../ports/payment-identifier-store.port";

/** How a paid answer is stored with its payment-identifier and read back (JSON in, validated out). */
export interface AnswerCodec<A> {
  readonly encode: (answer: A) => unknown;
  /** undefined: the stored JSON is not an answer (a storage failure, never served). */
  readonly decode: (stored: unknown) => A | undefined;
}

export type IdempotentPaidQueryFailure<E> =
  PaidQueryFailure<E> | PaymentIdentifierConflict | PaymentInProgress | SignInRefused;

/**
 * PaidQuery with the x402 v2 extensions: the challenge declares them (payment-identifier, bazaar),
 * and a payment carrying a payment-identifier buys its answer once: a retry with the same id and
 * the identical payment header gets the stored answer and headers back (looked up before any
 * verification: a settled payment no longer verifies), never a second charge, on any instance.
 */
@injectable()
export class IdempotentPaidQuery {
  constructor(
    @inject(PaidQuery) private readonly paidQuery: PaidQuery,
    @inject(PaymentIdentifierStore) private readonly ids: PaymentIdentifierStore,
    @inject(X402Protocol) private readonly x402: X402Protocol,
    @inject(Clock) private readonly clock: Clock,
    @inject(PaymentTermsConfig) private readonly terms: PaymentTerms,
    @inject(PaidAnswerReaccess) private readonly reaccess: PaidAnswerReaccess,
  ) {}

  execute<E, A>(
    input: PaidQueryInput<E, A>,
    codec: AnswerCodec<A>,
  ): TaskEither<IdempotentPaidQueryFailure<E>, PaidAnswer<A>> {
    return async () => {
      const reread = await this.reaccess.reread(input.headers, input.resource);
      if (E.isLeft(reread)) return reread;
      if (reread.right !== null) {
        const served = this.served(reread.right.response, codec);
        if (E.isLeft(served)) return served;
        const purchasedAt = new Date(reread.right.atMs).toISOString();
        return E.right({ ...served.right, headers: { ...served.right.headers, "Credence-Reaccess": purchasedAt } });
      }
      const lookup = findPaymentProof(input.headers);
      if (lookup._tag !== "proof" || lookup.proof.kind !== "authorization") return this.plain(input, codec);
      const id = this.x402.paymentIdentifierOf(lookup.proof.raw);
      if (id._tag === "absent") return this.plain(input, codec);
      if (id._tag === "invalid") return E.left(invalidPayment("invalid_payment_identifier"));

      const fingerprint = paymentIdFingerprint(input.resource, lookup.header);
      const claim = await this.ids.claim(id.id, fingerprint, this.clock.nowMs())();
      if (E.isLeft(claim)) return claim;
      switch (claim.right._tag) {
        case "conflict":
          return E.left({ _tag: "PaymentIdentifierConflict" });
        case "pending":
          return E.left({ _tag: "PaymentInProgress" });
        case "completed":
          return this.served(claim.right.response, codec);
        case "claimed":
          break;
      }
      const result = await this.plain(input, codec);
      if (E.isLeft(result)) {
        // Nothing was bought under the id (the payment's own ledger guards the money): free it for a retry.
        await this.ids.release(id.id)();
        return result;
      }
      // A failed write does not withhold the answer; the id then stays pending until its lease ends.
      await this.ids.complete(id.id, storedOf(result.right, codec))();
      return result;
    };
  }

  /** A stored answer served again, exactly as it was sent. */
  private served<A>(response: StoredPaidResponse, codec: AnswerCodec<A>): E.Either<UpstreamFailure, PaidAnswer<A>> {
    const { answer, headers, settlement } = response;
    const decoded = codec.decode(answer);
    if (decoded === undefined) return E.left(upstreamFailure("storage", "stored paid answer does not decode"));
    const value = /^[0-9]{1,78}$/.test(settlement.value) ? BigInt(settlement.value) : 0n;
    return E.right({
      answer: decoded,
      headers,
      settlement: { transaction: settlement.transaction as TxHash, payer: settlement.payer as Address, value },
    });
  }

  private async plain<E, A>(
    input: PaidQueryInput<E, A>,
    codec: AnswerCodec<A>,
  ): Promise<E.Either<PaidQueryFailure<E>, PaidAnswer<A>>> {
    const result = await this.paidQuery.execute(input)();
    if (E.isRight(result)) {
      // Bought: the payer may read it again by signing in (a failed write only loses that convenience).
      await this.reaccess.record(result.right.settlement.payer, input.resource, storedOf(result.right, codec));
      return result;
    }
    if (result.left._tag !== "PaymentRequired") return result;
    // The challenge as PaidQuery builds it, with the extensions declared in its v2 form.
    const terms = input.terms ?? this.terms;
    const extensions = {
      ...this.x402.challengeExtensions(input.resource),
      ...this.reaccess.declaration(input.resource),
    };
    const required = { ...v2PaymentRequired(terms, input.resource), extensions };
    return E.left({
      ...result.left,
      headers: { ...result.left.headers, "PAYMENT-REQUIRED": this.x402.encodePaymentRequired(required) },
    });
  }
}

function storedOf<A>(paid: PaidAnswer<A>, codec: AnswerCodec<A>): StoredPaidResponse {
  const { transaction, payer, value } = paid.settlement;
  return {
    answer: codec.encode(paid.answer),
    headers: paid.headers,
    settlement: { transaction, payer, value: value.toString() },
  };
}
