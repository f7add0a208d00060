import { encodeBase64Json } from "./base64-json";
import { caip2Network, formatAtomicAmount, type PaymentTerms } from "./payment-terms";

/** x402 v1 `PaymentRequirements` (what `accepts[]` holds and what a v1 facilitator receives). */
export interface X402V1Requirements {
  readonly scheme: string;
  readonly network: string;
  readonly maxAmountRequired: string;
  readonly resource: string;
  readonly description: string;
  readonly mimeType: string;
  readonly payTo: string;
  readonly maxTimeoutSeconds: number;
  readonly asset: string;
  readonly extra: { readonly name: string; readonly version: string };
}

/** x402 v2 `PaymentRequirements`: CAIP-2 network, `amount`, resource described separately. */
export interface X402V2Requirements {
  readonly scheme: string;
  readonly network: string;
  readonly amount: string;
  readonly asset: string;
  readonly payTo: string;
  readonly maxTimeoutSeconds: number;
  readonly extra: { readonly name: string; readonly version: string };
}

export function v1Requirements(terms: PaymentTerms, resource: string): X402V1Requirements {
  return {
    scheme: terms.scheme,
    network: terms.network,
    maxAmountRequired: terms.price.toString(),
    resource,
    description: terms.description,
    mimeType: terms.mimeType,
    payTo: terms.payTo,
    maxTimeoutSeconds: terms.maxTimeoutSeconds,
    asset: terms.asset,
    extra: { name: terms.assetName, version: terms.assetVersion },
  };
}

export function v2Requirements(terms: PaymentTerms): X402V2Requirements {
  return {
    scheme: terms.scheme,
    network: caip2Network(terms),
    amount: terms.price.toString(),
    asset: terms.asset,
    payTo: terms.payTo,
    maxTimeoutSeconds: terms.maxTimeoutSeconds,
    extra: { name: terms.assetName, version: terms.assetVersion },
  };
}

/** The 402 body: an x402 v1 challenge that a person can also read (amount, currency, recipient). */
export interface ChallengeBody {
  readonly error: "payment_required";
  readonly x402Version: 1;
  readonly accepts: readonly X402V1Requirements[];
  readonly amount: string;
  readonly currency: string;
  readonly network: string;
  readonly chainId: number;
  readonly recipient: string;
}

export function challengeBody(terms: PaymentTerms, resource: string): ChallengeBody {
  return {
    error: "payment_required",
    x402Version: 1,
    accepts: [v1Requirements(terms, resource)],
    amount: formatAtomicAmount(terms.price, terms.decimals),
    currency: terms.currency,
    network: terms.network,
    chainId: terms.chainId,
    recipient: terms.payTo,
  };
}

/** The x402 v2 `PaymentRequired` object, before base64. */
export function v2PaymentRequired(terms: PaymentTerms, resource: string) {
  return {
    x402Version: 2 as const,
    error: "PAYMENT-SIGNATURE header is required",
    resource: { url: resource, description: terms.description, mimeType: terms.mimeType },
    accepts: [v2Requirements(terms)],
  };
}

/** Value of the `PAYMENT-REQUIRED` response header. */
export function paymentRequiredHeader(terms: PaymentTerms, resource: string): string {
  return encodeBase64Json(v2PaymentRequired(terms, resource));
}
