import { hexlify, keccak256, randomBytes, type Signer } from "ethers";
import { encodeBase64Json } from "../../domain/payment/base64-json";
import type { X402V1Requirements, X402V2Requirements } from "../../domain/payment/payment-challenge";
import { TRANSFER_WITH_AUTHORIZATION_TYPES } from "./eip3009-contract";

/**
 * The paying side of the protocol, on ethers: what an x402 client does with a 402 challenge.
 * Used by scripts/pay.ts, the benchmark and the end-to-end tests.
 */
export interface AuthorizationDraft {
  readonly from: string;
  readonly to: string;
  readonly value: bigint;
  readonly validAfter: bigint;
  readonly validBefore: bigint;
  readonly nonce: string;
}

type Offer = Pick<X402V1Requirements, "payTo" | "asset" | "maxTimeoutSeconds" | "extra"> & { readonly amount: string };

/** The offer in either protocol version, reduced to what signing needs. */
export function offerOf(requirements: X402V1Requirements | X402V2Requirements): Offer {
  const amount = "maxAmountRequired" in requirements ? requirements.maxAmountRequired : requirements.amount;
  return {
    payTo: requirements.payTo,
    asset: requirements.asset,
    maxTimeoutSeconds: requirements.maxTimeoutSeconds,
    extra: requirements.extra,
    amount,
  };
}

/**
 * What x402's own client signs: the exact amount to payTo, valid from 10 minutes ago (clock
 * skew) until maxTimeoutSeconds from now, under a random 32-byte nonce. `now` is chain time
 * when the caller knows it.
 */
export function draftAuthorization(
  from: string,
  offer: Offer,
  now: number,
  overrides: Partial<AuthorizationDraft> = {},
): AuthorizationDraft {
  return {
    from,
    to: offer.payTo,
    value: BigInt(offer.amount),
    validAfter: BigInt(now - 600),
    validBefore: BigInt(now + offer.maxTimeoutSeconds),
    nonce: hexlify(randomBytes(32)),
    ...overrides,
  };
}

/** EIP-712 signature of `TransferWithAuthorization` under the token's domain. */
export function signAuthorization(
  signer: Signer,
  offer: Offer,
  chainId: number,
  draft: AuthorizationDraft,
): Promise<string> {
  const domain = { name: offer.extra.name, version: offer.extra.version, chainId, verifyingContract: offer.asset };
  return signer.signTypedData(domain, TRANSFER_WITH_AUTHORIZATION_TYPES, draft);
}

function exactEvmPayload(draft: AuthorizationDraft, signature: string) {
  return {
    signature,
    authorization: {
      from: draft.from,
      to: draft.to,
      value: draft.value.toString(),
      validAfter: draft.validAfter.toString(),
      validBefore: draft.validBefore.toString(),
      nonce: draft.nonce,
    },
  };
}

/** `X-Payment` value for x402 v1. */
export function x402V1PaymentHeader(
  requirements: Pick<X402V1Requirements, "scheme" | "network">,
  draft: AuthorizationDraft,
  signature: string,
): string {
  return encodeBase64Json({
    x402Version: 1,
    scheme: requirements.scheme,
    network: requirements.network,
    payload: exactEvmPayload(draft, signature),
  });
}

/** `PAYMENT-SIGNATURE` value for x402 v2. */
export function x402V2PaymentHeader(
  accepted: X402V2Requirements,
  resource: string,
  draft: AuthorizationDraft,
  signature: string,
): string {
  return encodeBase64Json({
    x402Version: 2,
    resource: { url: resource },
    accepted,
    payload: exactEvmPayload(draft, signature),
  });
}

/** A fresh secret for a transfer proof, and the commitment to append to the transfer's calldata. */
export function transferNonce(): { readonly nonce: string; readonly commitment: string } {
  const nonce = hexlify(randomBytes(32));
  return { nonce, commitment: keccak256(nonce) };
}

/** ERC-20 `transfer` calldata with the nonce commitment appended (the token ignores trailing bytes). */
export function withCommitment(calldata: string, commitment: string): string {
  return calldata + commitment.slice(2);
}

/** `X-Payment` value for a transfer proof. */
export function transferProofHeader(txHash: string, nonce: string): string {
  return encodeBase64Json({ txHash, nonce });
}
