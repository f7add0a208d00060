import type { Address } from "../chain/address";
import type { AttestationDomain } from "./attestation-domain";
import type { UseClass } from "./use-class";

export const SUBJECT_TYPES = ["wallet", "token"] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

/** the API contract "Versioning": attestations carry a scoring version per subject type. */
export const SCORING_VERSION_BY_SUBJECT_TYPE: Readonly<Record<SubjectType, string>> = {
  wallet: "testnet-wallet-v1.0",
  token: "testnet-token-v1.0",
};

export function isSupportedScoringVersion(subjectType: SubjectType, version: string): boolean {
  return SCORING_VERSION_BY_SUBJECT_TYPE[subjectType] === version;
}

/** Every field the issuer signs (the EIP-712 `Attestation` struct), in struct order. */
export interface AttestationPayload {
  readonly id: string;
  readonly subject: Address;
  readonly subjectType: SubjectType;
  readonly useClass: UseClass;
  readonly chainId: number;
  /** Integer 0-100. */
  readonly score: number;
  readonly tier: string;
  /** Integer 0-100. */
  readonly confidence: number;
  /** 0x-prefixed 32-byte hex: see `canonicalFlagCodes` for what is hashed. */
  readonly flagsHash: string;
  readonly scoringVersion: string;
  /** Unix seconds. */
  readonly issuedAt: number;
  /** Unix seconds, exclusive: the attestation is expired at this instant. */
  readonly expiresAt: number;
  readonly issuer: Address;
  readonly snapshotId: string;
  /** True when signed by a development key (the embedded default's per-process key). */
  readonly devSigned: boolean;
}

/**
 * What attest returns and verify consumes: the signed payload, the flags it hashes, the signature,
 * and the complete EIP-712 domain it was signed under, so any library verifies it as it stands.
 */
export interface SignedAttestation extends AttestationPayload {
  readonly domain: AttestationDomain;
  readonly flags: readonly string[];
  /** 0x-prefixed 65-byte secp256k1 signature (r, s, v) over the EIP-712 digest. */
  readonly signature: string;
}

/**
 * The flag codes as the issuer hashes them: de-duplicated and sorted by UTF-16 code unit
 * (plain `Array.prototype.sort`), so the hash does not depend on the order flags were raised.
 * `flagsHash` is the EIP-712 encoding of this list as a `string[]`:
 * keccak256(concat(keccak256(utf8(code)) for each code)).
 */
export function canonicalFlagCodes(codes: readonly string[]): readonly string[] {
  return [...new Set(codes)].sort();
}

export function payloadOf(attestation: SignedAttestation): AttestationPayload {
  const { domain: _domain, flags: _flags, signature: _signature, ...payload } = attestation;
  return payload;
}
