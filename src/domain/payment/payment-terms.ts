import type { Address } from "../chain/address";
import type { PaymentReason } from "./payment-reason";

/**
 * What one paid answer costs and where the money goes: the single source for the 402
 * challenge, every proof check and the settlement. Built from configuration at startup.
 */
export interface PaymentTerms {
  /** x402 scheme; only "exact" (EIP-3009 for a fixed amount) is offered. */
  readonly scheme: "exact";
  /** x402 v1 network name, e.g. "arc-testnet". */
  readonly network: string;
  readonly chainId: number;
  /** Price in the asset's smallest unit: 1000n is 0.001 USDC at 6 decimals. */
  readonly price: bigint;
  readonly payTo: Address;
  /** The EIP-3009 token contract (also the EIP-712 verifyingContract). */
  readonly asset: Address;
  /** EIP-712 domain name and version of the asset, echoed in `extra`. */
  readonly assetName: string;
  readonly assetVersion: string;
  readonly decimals: number;
  /** Human currency label for the readable part of the challenge. */
  readonly currency: string;
  readonly maxTimeoutSeconds: number;
  readonly description: string;
  readonly mimeType: string;
  /** A transfer proof older than this (by block timestamps) is refused. */
  readonly transferMaxAgeSeconds: number;
  /**
   * An authorization must stay valid this long past "now" so settlement can still land,
   * as the x402 reference facilitator requires (it pads 6 s for about 3 blocks).
   */
  readonly validBeforeMarginSeconds: number;
}

/** x402 v2 names networks by CAIP-2: `eip155:<chainId>` for EVM chains. */
export function caip2Network(terms: Pick<PaymentTerms, "chainId">): string {
  return `eip155:${terms.chainId}`;
}

/**
 * The "exact" scheme's value rule, for every proof (x402 v1, v2, transfer): a payment moves the
 * price, no less and no more. More would buy one answer and keep the rest, with nothing to hand it
 * back, so "moved = price x answers" holds only at equality.
 */
export function checkExactValue(value: bigint, terms: Pick<PaymentTerms, "price">): PaymentReason | null {
  return value === terms.price ? null : "invalid_exact_evm_payload_authorization_value";
}

/** Arc testnet with USDC, the identity the embedded chain mirrors. */
export const ARC_TESTNET_USDC = {
  network: "arc-testnet",
  chainId: 5042002,
  asset: "0x3600000000000000000000000000000000000000" as Address,
  assetName: "USDC",
  assetVersion: "2",
  decimals: 6,
  currency: "USDC",
} as const;

export const DEFAULT_PAYMENT_TERMS: Omit<PaymentTerms, "payTo"> = {
  scheme: "exact",
  ...ARC_TESTNET_USDC,
  price: 1000n,
  maxTimeoutSeconds: 300,
  description: "Credence trust score (one paid answer)",
  mimeType: "application/json",
  transferMaxAgeSeconds: 3600,
  validBeforeMarginSeconds: 6,
};

/** Atomic units to a decimal string without trailing zeros: (1000n, 6) -> "0.001". */
export function formatAtomicAmount(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction === "" ? "" : `.${fraction}`}`;
}
