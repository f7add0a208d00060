import type { Address } from "../../../../src/domain/chain/address";
import type { Hex } from "../../../../src/domain/chain/chain-types";
import type { AuthorizationProof } from "../../../../src/domain/payment/payment-proof";
import { DEFAULT_PAYMENT_TERMS, type PaymentTerms } from "../../../../src/domain/payment/payment-terms";

export const PAYEE = ("0x" + "9a".repeat(20)) as Address;
export const PAYER = ("0x" + "1b".repeat(20)) as Address;
export const STRANGER = ("0x" + "3c".repeat(20)) as Address;
export const NONCE = ("0x" + "5e".repeat(32)) as Hex;
export const NOW = 1_800_000_000;

export const TERMS: PaymentTerms = { ...DEFAULT_PAYMENT_TERMS, payTo: PAYEE };

/** An authorization that passes every check at NOW, in x402 v1 or v2 form. */
export function authorizationProof(
  version: 1 | 2 = 1,
  change: Partial<AuthorizationProof["authorization"]> = {},
): AuthorizationProof {
  return {
    kind: "authorization",
    x402Version: version,
    scheme: "exact",
    network: version === 1 ? "arc-testnet" : "eip155:5042002",
    accepted:
      version === 1
        ? null
        : { scheme: "exact", network: "eip155:5042002", amount: "1000", asset: TERMS.asset, payTo: PAYEE },
    authorization: {
      from: PAYER,
      to: PAYEE,
      value: 1000n,
      validAfter: BigInt(NOW - 600),
      validBefore: BigInt(NOW + 300),
      nonce: NONCE,
      ...change,
    },
    signature: ("0x" + "11".repeat(65)) as Hex,
    raw: {},
  };
}
