import type { TaskEither } from "fp-ts/TaskEither";
import type { SigningFailure } from "./attestation-signer.port";

/** A public key as a JSON Web Key (RFC 7517): plain JSON, no library type. */
export type PublicJwk = Readonly<Record<string, string>>;

/**
 * The risk-check provider's ES256 key: compact JWS (RFC 7515) over JSON claims, and the public key
 * published as a JWK set so anyone verifies a result with a JOSE library alone.
 */
export interface RiskCheckSigner {
  /** `kid` of the signing key (its RFC 7638 thumbprint). */
  keyId(): string;
  /** The public JWK set served at /.well-known/jwks.json. */
  jwks(): { readonly keys: readonly PublicJwk[] };
  /** Compact JWS, header `{alg: ES256, kid, typ}`. */
  sign(claims: Readonly<Record<string, unknown>>): TaskEither<SigningFailure, string>;
  /** SHA-256 of the text, `sha256:<hex>` (the claims' `input_hash`). */
  hash(text: string): string;
}

export const RiskCheckSigner = Symbol.for("RiskCheckSigner");
