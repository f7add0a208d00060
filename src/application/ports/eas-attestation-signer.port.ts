import type { TaskEither } from "fp-ts/TaskEither";
import type { EasClaims } from "../../domain/gating/eas-schema";
import type { SigningFailure } from "./attestation-signer.port";

/** A signed EAS offchain attestation as plain JSON (bigints as decimal strings), and its UID. */
export interface EasOffchainAttestation {
  readonly uid: string;
  /** `{version, uid, domain, primaryType, types, message, signature: {v, r, s}}`, as the EAS SDK emits it. */
  readonly document: Readonly<Record<string, unknown>>;
}

/** What a presented EAS attestation says and whether it holds together cryptographically. */
export interface EasReading {
  readonly uid: string;
  /** The EIP-712 domain's chain id. */
  readonly chainId: number;
  /** True when the domain is exactly this service's EAS domain (name, version, chain, contract). */
  readonly domainMatches: boolean;
  /** True when `message.schema` is Credence's schema UID. */
  readonly schemaMatches: boolean;
  /** Signer recovered from the signature, when the UID matches the message; null otherwise. */
  readonly signer: string | null;
  /** The decoded schema data; null when it does not decode under Credence's schema. */
  readonly claims: EasClaims | null;
}

/**
 * EAS offchain attestations (v2, EIP-712) of Credence's schema, signed by the attestation key.
 * The EAS SDK's encoding and typed data live behind this port.
 */
export interface EasAttestationSigner {
  schemaUid(): string;
  sign(claims: EasClaims): TaskEither<SigningFailure, EasOffchainAttestation>;
  /** Reads a presented attestation; undefined when it is not an EAS offchain attestation at all. */
  read(presented: Readonly<Record<string, unknown>>): EasReading | undefined;
}

export const EasAttestationSigner = Symbol.for("EasAttestationSigner");
