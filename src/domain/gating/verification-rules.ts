import { parseAddress, type Address } from "../chain/address";
import { isSupportedScoringVersion, type SignedAttestation } from "./attestation";
import { TTL_POLICY, type UseClass } from "./use-class";

/** Why an attestation is not valid. Listed in the order `reasons` reports them. */
export const VERIFICATION_REASONS = [
  "malformed",
  "bad_signature",
  "unknown_issuer",
  "expired",
  "issued_in_future",
  "subject_mismatch",
  "chain_mismatch",
  "unsupported_chain",
  "use_class_mismatch",
  "flags_hash_mismatch",
  "unsupported_scoring_version",
  "revoked",
  // The revocation list could not be read: fail closed rather than vouch for a possibly revoked attestation.
  "revocation_status_unavailable",
] as const;
export type VerificationReason = (typeof VERIFICATION_REASONS)[number];

/** Clocks disagree a little; an attestation stamped this far ahead of our clock is still accepted. */
export const ISSUED_AT_SKEW_SECONDS = 60;

export interface VerificationEvidence {
  readonly attestation: SignedAttestation;
  /** Address recovered from the signature over the attestation's EIP-712 digest; null when unrecoverable. */
  readonly recoveredSigner: Address | null;
  /** flagsHash recomputed from `attestation.flags`. */
  readonly recomputedFlagsHash: string;
  /** Issuers this service vouches for (its own key). */
  readonly trustedIssuers: readonly Address[];
  /**
   * What the relying party expects, as it sent them. Both are required for `valid`: an attestation
   * that is not checked against the subject and chain at hand proves nothing about them.
   */
  readonly expectedSubject: unknown;
  readonly expectedChainId: unknown;
  /** Optional: when given, the attestation must be for this use class. */
  readonly expectedUseClass?: UseClass;
  /** The chain this service scores: an attestation for any other chain was never issued by it. */
  readonly serviceChainId: number;
  /** Unix seconds. */
  readonly now: number;
}

/** Every reason the attestation fails; empty means valid. Pure: the signer check is done by the caller. */
export function verificationReasons(evidence: VerificationEvidence): readonly VerificationReason[] {
  const { attestation: a, now } = evidence;
  const found = new Set<VerificationReason>();

  const lifetime = a.expiresAt - a.issuedAt;
  if (lifetime <= 0 || lifetime > TTL_POLICY[a.useClass].maxSeconds) found.add("malformed");

  // A signature that recovers to someone other than the stated issuer means a field was changed.
  if (evidence.recoveredSigner === null || evidence.recoveredSigner !== a.issuer) found.add("bad_signature");
  if (!evidence.trustedIssuers.includes(a.issuer)) found.add("unknown_issuer");

  if (now >= a.expiresAt) found.add("expired");
  if (a.issuedAt > now + ISSUED_AT_SKEW_SECONDS) found.add("issued_in_future");

  if (parseAddress(evidence.expectedSubject) !== a.subject) found.add("subject_mismatch");
  if (evidence.expectedChainId !== a.chainId) found.add("chain_mismatch");
  if (a.chainId !== evidence.serviceChainId) found.add("unsupported_chain");
  if (evidence.expectedUseClass !== undefined && evidence.expectedUseClass !== a.useClass)
    found.add("use_class_mismatch");

  if (evidence.recomputedFlagsHash.toLowerCase() !== a.flagsHash.toLowerCase()) found.add("flags_hash_mismatch");
  if (!isSupportedScoringVersion(a.subjectType, a.scoringVersion)) found.add("unsupported_scoring_version");

  return VERIFICATION_REASONS.filter((reason) => found.has(reason));
}
