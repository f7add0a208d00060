import { scrubUrls } from "../scrub-urls";
import type { TaskEither } from "fp-ts/TaskEither";
import type { Address } from "../../domain/chain/address";
import type { AttestationPayload } from "../../domain/gating/attestation";

export interface SigningFailure {
  readonly _tag: "SigningFailure";
  /** For logs only. */
  readonly detail: string;
}

export const signingFailure = (detail: string): SigningFailure => ({
  _tag: "SigningFailure",
  detail: scrubUrls(detail),
});

/**
 * The service's attestation key and the EIP-712 cryptography around it (keccak, secp256k1), which
 * the pure domain cannot do itself. Typed data is the domain's `ATTESTATION_TYPES` under
 * `attestationDomain(payload.chainId)`.
 */
export interface AttestationSigner {
  /** The address attestations are signed by; the only issuer verify trusts. */
  issuer(): Address;
  /** True when the key is a development key: its attestations carry `devSigned: true`. */
  isDevKey(): boolean;
  /** Unpredictable attestation id (`att_` + 128 random bits) so ids neither collide nor can be guessed. */
  newAttestationId(): string;
  /** 0x-prefixed 65-byte signature over the payload's EIP-712 digest. Fails only if a remote signer does. */
  sign(payload: AttestationPayload): TaskEither<SigningFailure, string>;
  /** The `flagsHash` of these flag codes (order and duplicates do not matter). */
  flagsHash(codes: readonly string[]): string;
  /** Signer of `signature` over the payload's digest; null for a signature that recovers to nobody. */
  recoverSigner(payload: AttestationPayload, signature: string): Address | null;
}

export const AttestationSigner = Symbol.for("AttestationSigner");
