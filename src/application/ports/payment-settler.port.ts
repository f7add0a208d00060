import type { TaskEither } from "fp-ts/TaskEither";
import type { Address } from "../../domain/chain/address";
import type { TxHash } from "../../domain/chain/chain-types";
import type { AuthorizationProof } from "../../domain/payment/payment-proof";
import type { PaymentReason } from "../../domain/payment/payment-reason";
import type { PaymentTerms } from "../../domain/payment/payment-terms";
import type { UpstreamFailure } from "../failures";

export type SettlementResult =
  | { readonly settled: true; readonly transaction: TxHash; readonly payer: Address }
  | {
      readonly settled: false;
      readonly reason: PaymentReason;
      /**
       * false only when no transaction left this process (refused before sending): then the
       * authorization is untouched and its reservation may be released.
       */
      readonly broadcast: boolean;
    };

/**
 * Moves the money of a verified authorization (`transferWithAuthorization`) and waits until it
 * is mined. Left means the outcome is unknown (node unreachable mid-way): treat as maybe paid.
 */
export interface PaymentSettler {
  settle(
    proof: AuthorizationProof,
    terms: PaymentTerms,
    resource: string,
  ): TaskEither<UpstreamFailure, SettlementResult>;
  /**
   * Where the authorization stands on chain now (`authorizationState`, then the `AuthorizationUsed`
   * log for its transaction). Only settlers that read the chain themselves offer it (a facilitator
   * does not).
   */
  findSettlement?(proof: AuthorizationProof, terms: PaymentTerms): TaskEither<UpstreamFailure, AuthorizationOnChain>;
}

/**
 * `transaction` is null when the authorization is used but its log is out of reach (cancelled, too old).
 * `not_to_payee`: the nonce was used by a transaction that moved no `value` from the payer to the terms'
 * payee (the payer signed another authorization with the same nonce): it paid for nothing here.
 */
export type AuthorizationOnChain =
  | { readonly used: false }
  | {
      readonly used: true;
      readonly transaction: TxHash | null;
      readonly payer: Address;
      /**
       * Our own settlement key sent that transaction: a key missing from the ledger is then a ledger that
       * forgot (an in-memory one restarted), not someone else's submission, and buys nothing more.
       */
      readonly ours?: boolean;
    }
  | { readonly used: "not_to_payee" };

export const PaymentSettler = Symbol.for("PaymentSettler");
