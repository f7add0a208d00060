/** The payment-identifier a payload carries: none, an ill-formed one, or a usable id. */
export type PaymentIdLookup =
  { readonly _tag: "absent" } | { readonly _tag: "invalid" } | { readonly _tag: "present"; readonly id: string };

/**
 * What the x402 reference packages (@x402/core, @x402/extensions) give us for v2: the extensions a
 * 402 challenge declares, the PAYMENT-REQUIRED header codec, and reading extensions a payer echoed.
 * Everything crosses as plain JSON.
 */
export interface X402Protocol {
  /** `extensions` of the v2 PaymentRequired for `resource` (payment-identifier, bazaar). */
  challengeExtensions(resource: string): Readonly<Record<string, unknown>>;
  /** The PAYMENT-REQUIRED header value of a v2 PaymentRequired object. */
  encodePaymentRequired(paymentRequired: Readonly<Record<string, unknown>>): string;
  /** The payment-identifier in a decoded x402 PaymentPayload. */
  paymentIdentifierOf(payload: unknown): PaymentIdLookup;
}

export const X402Protocol = Symbol.for("X402Protocol");
