import type { Address } from "../chain/address";
import type { Hex, TxHash } from "../chain/chain-types";

/** The EIP-3009 `TransferWithAuthorization` message a payer signed. */
export interface Eip3009Authorization {
  readonly from: Address;
  readonly to: Address;
  readonly value: bigint;
  readonly validAfter: bigint;
  readonly validBefore: bigint;
  /** bytes32, lowercase hex; unique per authorizer, spent on chain by the transfer. */
  readonly nonce: Hex;
}

/** What an x402 v2 payload says it accepted; must equal what we offered. */
export interface AcceptedOffer {
  readonly scheme: string;
  readonly network: string;
  readonly amount: string;
  readonly asset: string;
  readonly payTo: string;
}

/** An x402 `exact` EVM payment: v1 from `X-Payment`, v2 from `PAYMENT-SIGNATURE`. */
export interface AuthorizationProof {
  readonly kind: "authorization";
  readonly x402Version: 1 | 2;
  readonly scheme: string;
  /** v1: the network name ("arc-testnet"); v2: CAIP-2 ("eip155:5042002"). */
  readonly network: string;
  /** v2 only. */
  readonly accepted: AcceptedOffer | null;
  readonly authorization: Eip3009Authorization;
  readonly signature: Hex;
  /** The decoded header JSON, forwarded as is to a remote facilitator. */
  readonly raw: unknown;
}

/**
 * A USDC transfer already on chain. `nonce` is a 32-byte secret whose keccak256 the payer
 * appended to the transfer's calldata: seeing the transaction is not enough to claim it.
 */
export interface TransferProof {
  readonly kind: "transfer";
  readonly txHash: TxHash;
  readonly nonce: Hex;
}

export type PaymentProof = AuthorizationProof | TransferProof;

/** Ledger key of a payment: one answer per key, ever. */
export type PaymentKey = string & { readonly __brand: "PaymentKey" };

/**
 * EIP-3009 nonces are per authorizer and token, so the key names chain, asset, payer and nonce;
 * v1 and v2 envelopes of one authorization share a key and cannot buy two answers.
 */
export function paymentKeyOf(proof: PaymentProof, chainId: number, asset: Address): PaymentKey {
  if (proof.kind === "transfer") return transferKeyOf(chainId, proof.txHash);
  const { from, nonce } = proof.authorization;
  return `authorization:${chainId}:${asset}:${from}:${nonce}` as PaymentKey;
}

/** The key of a transaction's money: also spent when that transaction settled an authorization. */
export function transferKeyOf(chainId: number, txHash: TxHash): PaymentKey {
  return `transfer:${chainId}:${txHash}` as PaymentKey;
}
