import type { Task } from "fp-ts/Task";
import type { Address } from "../../../domain/chain/address";

/** A resource's answer to an unpaid GET, fetched through the outbound guard (public addresses only, bounded). */
export type ChallengeFetch =
  | {
      readonly kind: "answer";
      readonly status: number;
      readonly body: string;
      /** x402 v2's `PAYMENT-REQUIRED` header, when present. */
      readonly paymentRequiredHeader: string | null;
    }
  /** The destination is not allowed (not public, not https): the request's fault. */
  | { readonly kind: "refused"; readonly reason: string }
  | { readonly kind: "failed"; readonly reason: string };

export interface PaymentChallengeFetcher {
  fetch(resource: string): Task<ChallengeFetch>;
}

export const PaymentChallengeFetcher = Symbol.for("PaymentChallengeFetcher");

/**
 * Which sites asked payment for which payTo, remembered within bounds: `record` adds this sighting and
 * answers how many distinct sites this payTo has been seen for (this one included).
 */
export interface PayeeSightings {
  record(payTo: Address, site: string): Task<number>;
}

export const PayeeSightings = Symbol.for("PayeeSightings");

/** Deployment facts of the payee check, bound as a constant by the composition root. */
export interface PayeeCheckSettings {
  readonly chainId: number;
  /** PAYEE_PRICE_CEILING_ATOMIC: a price above it is flagged. */
  readonly priceCeiling: bigint;
  /** PAYEE_MANY_DOMAINS: this many unrelated sites for one payTo is flagged. */
  readonly manyDomains: number;
  /** `${explorerUrl}/address/<payTo>` links the payee (null: no known explorer). */
  readonly explorerUrl: string | null;
}

export const PayeeCheckSettings = Symbol.for("PayeeCheckSettings");
