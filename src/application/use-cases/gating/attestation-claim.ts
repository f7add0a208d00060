import * as E from "fp-ts/Either";
import { SCORING_VERSION_BY_SUBJECT_TYPE, canonicalFlagCodes } from "../../../domain/gating/attestation";
import { resolveTtl } from "../../../domain/gating/use-class";
import type { AttestationSigner } from "../../ports/attestation-signer.port";
import type { Clock } from "../../ports/clock.port";
import type { SubjectScore } from "./gating-scores.port";
import type { AttestationRequest } from "./attestation-request";

/** What both attestation formats (our EIP-712 document and EAS) commit to about one scored subject. */
export interface AttestationClaim {
  readonly score: number;
  readonly confidence: number;
  readonly tier: string;
  readonly flags: readonly string[];
  readonly flagsHash: string;
  readonly scoringVersion: string;
  readonly issuedAt: number;
  readonly expiresAt: number;
  /** Set when the requested TTL was clamped to the use class's bounds. */
  readonly note?: string;
}

/** Attestations carry integer percentages (uint8); anything else from the scorer is not a score. */
const asPercent = (value: number): number | undefined =>
  Number.isFinite(value) && value >= 0 && value <= 100 ? Math.round(value) : undefined;

/** The claim to sign for a score already computed: TTL clamped, flags canonical. Left is a reason for the logs. */
export function attestationClaim(
  signer: AttestationSigner,
  clock: Clock,
  request: AttestationRequest,
  scored: SubjectScore,
): E.Either<string, AttestationClaim> {
  const score = asPercent(scored.score);
  const confidence = asPercent(scored.confidence);
  if (score === undefined || confidence === undefined) {
    return E.left(`scorer returned a score outside 0-100 (${scored.score}, ${scored.confidence})`);
  }
  const { ttlSeconds, note } = resolveTtl(request.useClass, request.ttlSeconds);
  const issuedAt = Math.floor(clock.nowMs() / 1000);
  const flags = canonicalFlagCodes(scored.flags);
  return E.right({
    score,
    confidence,
    tier: scored.tier,
    flags,
    flagsHash: signer.flagsHash(flags),
    scoringVersion: SCORING_VERSION_BY_SUBJECT_TYPE[request.subjectType],
    issuedAt,
    expiresAt: issuedAt + ttlSeconds,
    ...(note === undefined ? {} : { note }),
  });
}
