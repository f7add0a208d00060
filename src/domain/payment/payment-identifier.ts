/**
 * The x402 `payment-identifier` extension: a client-chosen idempotency id sent with the payment.
 * Format (the extension's): 16-128 characters of letters, digits, hyphen and underscore.
 */
export const PAYMENT_ID_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export function isPaymentId(value: unknown): value is string {
  return typeof value === "string" && PAYMENT_ID_PATTERN.test(value);
}

/**
 * What the id is bound to: the exact payment header and the resource. The lookup runs before the
 * payment is verified (a settled payment no longer verifies), so it is bound to the exact payload
 * rather than to a looser fingerprint: any other payload or resource with the id is a conflict.
 */
export function paymentIdFingerprint(resource: string, paymentHeader: string): string {
  return `${resource}\n${paymentHeader}`;
}

/** A claim on an id nobody completed within this long is taken over (its instance died mid-request). */
export const PAYMENT_ID_LEASE_MS = 120_000;
