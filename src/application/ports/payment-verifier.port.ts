import type { TaskEither } from "fp-ts/TaskEither";
import type { Address } from "../../domain/chain/address";
import type { ChainTime } from "../../domain/chain/chain-types";
import type { PaymentProof } from "../../domain/payment/payment-proof";
import type { PaymentReason } from "../../domain/payment/payment-reason";
import type { PaymentTerms } from "../../domain/payment/payment-terms";
import type { UpstreamFailure } from "../failures";

export type VerificationResult =
  | {
      readonly valid: true;
      readonly payer: Address;
      /** What moves (or moved) to the payee. */
      readonly value: bigint;
      /** Chain time the checks ran at (head block timestamp). */
      readonly checkedAt: ChainTime;
      /** Past this chain time the proof is refused anyway, so its reservation may lapse. */
      readonly replayableUntil: ChainTime;
    }
  | { readonly valid: false; readonly reason: PaymentReason };

/**
 * Decides whether a decoded proof pays for one answer under our terms: for an authorization,
 * signature, window, on-chain nonce and balance; for a transfer, its receipt and logs.
 * A refusal is a value; the Left side is only "could not find out".
 */
export interface PaymentVerifier {
  /** `resource` is the URL being bought (x402 v1 requirements carry it to a facilitator). */
  verify(proof: PaymentProof, terms: PaymentTerms, resource: string): TaskEither<UpstreamFailure, VerificationResult>;
}

export const PaymentVerifier = Symbol.for("PaymentVerifier");
