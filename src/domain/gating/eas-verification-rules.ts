import { parseAddress, type Address } from "../chain/address";
import { SUBJECT_TYPES, isSupportedScoringVersion } from "./attestation";
import type { EasClaims } from "./eas-schema";
import { TTL_POLICY, isUseClass, type UseClass } from "./use-class";
import { ISSUED_AT_SKEW_SECONDS, VERIFICATION_REASONS, type VerificationReason } from "./verification-rules";

/** What the EAS adapter read from a presented attestation (see EasReading). */
export interface EasEvidence {
  readonly chainId: number;
  readonly domainMatches: boolean;
  readonly schemaMatches: boolean;
  /** Recovered signer (lowercase), null when the UID does not match the message or nothing recovers. */
  readonly signer: string | null;
  readonly claims: EasClaims | null;
}

export interface EasVerificationInput {
  readonly evidence: EasEvidence;
  readonly trustedAttester: Address;
  readonly expectedSubject: unknown;
  readonly expectedChainId: unknown;
  readonly expectedUseClass?: UseClass;
  readonly serviceChainId: number;
  /** Unix seconds. */
  readonly now: number;
}

/**
 * Every reason an EAS offchain attestation fails, with the same vocabulary as Credence's own
 * format. EAS has no issuer field: the signer is the attester, so a signature by anyone else is
 * `unknown_issuer`, and a UID that does not commit to the message is `bad_signature`.
 */
export function easVerificationReasons(input: EasVerificationInput): readonly VerificationReason[] {
  const { evidence: e, now } = input;
  const found = new Set<VerificationReason>();
  const c = e.claims;
  if (!e.schemaMatches || c === null || !isUseClass(c.useClass)) {
    found.add("malformed");
  } else {
    const lifetime = c.expiresAt - c.issuedAt;
    if (lifetime <= 0 || lifetime > TTL_POLICY[c.useClass].maxSeconds) found.add("malformed");
    if (input.expectedUseClass !== undefined && input.expectedUseClass !== c.useClass) found.add("use_class_mismatch");
  }
  if (e.signer === null) found.add("bad_signature");
  else if (e.signer !== input.trustedAttester) found.add("unknown_issuer");
  // Another EAS contract, version or chain in the domain: not an attestation this service signed here.
  if (!e.domainMatches) found.add(e.chainId === input.serviceChainId ? "bad_signature" : "unsupported_chain");

  if (c !== null) {
    if (now >= c.expiresAt) found.add("expired");
    if (c.issuedAt > now + ISSUED_AT_SKEW_SECONDS) found.add("issued_in_future");
    if (parseAddress(input.expectedSubject) !== parseAddress(c.subject)) found.add("subject_mismatch");
    if (!SUBJECT_TYPES.some((type) => isSupportedScoringVersion(type, c.scoringVersion)))
      found.add("unsupported_scoring_version");
  } else if (parseAddress(input.expectedSubject) === undefined) {
    found.add("subject_mismatch");
  }
  if (input.expectedChainId !== e.chainId) found.add("chain_mismatch");
  if (e.chainId !== input.serviceChainId) found.add("unsupported_chain");
  return VERIFICATION_REASONS.filter((reason) => found.has(reason));
}
