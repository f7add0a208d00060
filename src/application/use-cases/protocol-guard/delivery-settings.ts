/** How the outbox retries: DELIVERY_RETRY_BASE_MS, and the jitter's randomness (fixed in tests). */
export interface DeliverySettings {
  readonly retryBaseMs: number;
  /** In [0, 1). */
  random(): number;
}

export const DeliverySettings = Symbol.for("DeliverySettings");
