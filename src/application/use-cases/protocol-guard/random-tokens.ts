/**
 * Randomness for ids and manage tokens, injected so use-cases stay deterministic under test.
 * Production draws from the operating system's CSPRNG (see protocol-guard.bindings.ts).
 */
export interface RandomTokens {
  /** `bytes` random bytes, base64url without padding. */
  randomToken(bytes: number): string;
}

export const RandomTokens = Symbol.for("RandomTokens");

/** 32 bytes: the manage token is a bearer secret, so it carries 256 bits. */
export const MANAGE_TOKEN_BYTES = 32;
/** 16 bytes: ids are public (the list shows them) and only need to be unique. */
export const SUBSCRIPTION_ID_BYTES = 16;
export const ALERT_ID_BYTES = 12;
