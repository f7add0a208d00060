/**
 * Who signed in, with the message's nonce and the last instant the message can be presented (until
 * then the nonce must be remembered as used); or why not (the x402 sign-in-with-x codes, e.g.
 * `invalid_siwx_signature`).
 */
export type SignInOutcome =
  | {
      readonly _tag: "signed_in";
      readonly address: string;
      readonly nonce: string;
      readonly validUntilMs: number;
    }
  | { readonly _tag: "refused"; readonly reason: string };

/**
 * The x402 `sign-in-with-x` extension (CAIP-122 / EIP-4361 message signed by the wallet):
 * the declaration a 402 challenge carries, and the check of a `SIGN-IN-WITH-X` header.
 */
export interface SignInWithX {
  /** The `sign-in-with-x` extension for `resource`: a fresh nonce, issued now, expiring soon. */
  declaration(resource: string, nowMs: number): Readonly<Record<string, unknown>>;
  /**
   * Checks the header for `resource`: well-formed (a nonce of at most 64 characters), domain and uri
   * bound to this service and to the resource, within its time window, signed by the address it
   * names on the scored chain. Whether the nonce was used before is the caller's to check, once it
   * has something to serve. Times are wall clock.
   */
  verify(header: string, resource: string): Promise<SignInOutcome>;
}

export const SignInWithX = Symbol.for("SignInWithX");
