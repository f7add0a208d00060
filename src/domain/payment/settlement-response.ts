import type { Address } from "../chain/address";
import type { TxHash } from "../chain/chain-types";
import { encodeBase64Json } from "./base64-json";
import type { PaymentProof } from "./payment-proof";
import { caip2Network, type PaymentTerms } from "./payment-terms";

/** How a paid answer's money moved, for the response headers and the stats. */
export interface Settlement {
  readonly transaction: TxHash;
  readonly payer: Address;
  readonly value: bigint;
}

/** x402 `SettleResponse` as the success headers carry it. */
export interface SettlementHeaderPayload {
  readonly success: true;
  readonly transaction: string;
  readonly network: string;
  readonly payer: string;
}

/**
 * `X-PAYMENT-RESPONSE` always (x402 v1 names the network by name); `PAYMENT-RESPONSE` too when
 * the payer spoke v2 (which names it by CAIP-2). Keys are the header names to set.
 */
export function settlementHeaders(
  proof: PaymentProof,
  terms: PaymentTerms,
  settlement: Settlement,
): Record<string, string> {
  const payload = (network: string): SettlementHeaderPayload => ({
    success: true,
    transaction: settlement.transaction,
    network,
    payer: settlement.payer,
  });
  const headers: Record<string, string> = { "X-PAYMENT-RESPONSE": encodeBase64Json(payload(terms.network)) };
  if (proof.kind === "authorization" && proof.x402Version === 2) {
    headers["PAYMENT-RESPONSE"] = encodeBase64Json(payload(caip2Network(terms)));
  }
  return headers;
}
