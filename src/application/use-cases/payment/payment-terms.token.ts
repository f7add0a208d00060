/** DI token for the configured `PaymentTerms` (domain/payment/payment-terms.ts). */
export const PaymentTermsConfig = Symbol.for("PaymentTerms");
