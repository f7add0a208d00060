import * as TE from "fp-ts/TaskEither";
import { pipe } from "fp-ts/function";
import type { Address } from "../../../domain/chain/address";
import {
  SCORING_VERSION_BY_SUBJECT_TYPE,
  canonicalFlagCodes,
  type AttestationPayload,
  type SignedAttestation,
  type SubjectType,
} from "../../../domain/gating/attestation";
import { decodeSignedAttestation } from "../../../domain/gating/attestation-codec";
import { attestationDomain } from "../../../domain/gating/attestation-domain";
import { resolveTtl, type UseClass } from "../../../domain/gating/use-class";
import type { AttestationSigner } from "../../ports/attestation-signer.port";
import type { SubjectScore } from "./gating-scores.port";
import type { Clock } from "../../ports/clock.port";

export interface AttestationRequest {
  readonly subject: Address;
  readonly subjectType: SubjectType;
  readonly useClass: UseClass;
  readonly chainId: number;
  readonly ttlSeconds?: number;
}

export interface IssuedAttestation {
  readonly attestation: SignedAttestation;
  readonly note?: string;
}

/** Attestations carry integer percentages (uint8); anything else from the scorer is not a score. */
const asPercent = (value: number): number | undefined =>
  Number.isFinite(value) && value >= 0 && value <= 100 ? Math.round(value) : undefined;

/**
 * Builds, signs and self-checks one attestation of a score already computed. Shared by attest
 * and check so a check signs the very score it evaluated. Left is a reason for the logs.
 */
export function signAttestation(
  signer: AttestationSigner,
  clock: Clock,
  request: AttestationRequest,
  scored: SubjectScore,
): TE.TaskEither<string, IssuedAttestation> {
  const score = asPercent(scored.score);
  const confidence = asPercent(scored.confidence);
  if (score === undefined || confidence === undefined) {
    return TE.left(`scorer returned a score outside 0-100 (${scored.score}, ${scored.confidence})`);
  }
  const { ttlSeconds, note } = resolveTtl(request.useClass, request.ttlSeconds);
  const issuedAt = Math.floor(clock.nowMs() / 1000);
  const flags = canonicalFlagCodes(scored.flags);
  const payload: AttestationPayload = {
    id: signer.newAttestationId(),
    subject: request.subject,
    subjectType: request.subjectType,
    useClass: request.useClass,
    chainId: request.chainId,
    score,
    tier: scored.tier,
    confidence,
    flagsHash: signer.flagsHash(flags),
    scoringVersion: SCORING_VERSION_BY_SUBJECT_TYPE[request.subjectType],
    issuedAt,
    expiresAt: issuedAt + ttlSeconds,
    issuer: signer.issuer(),
    snapshotId: scored.snapshotId,
    devSigned: signer.isDevKey(),
  };
  return pipe(
    signer.sign(payload),
    TE.mapLeft((failure) => `signing failed: ${failure.detail}`),
    TE.flatMap((signature) => {
      const attestation: SignedAttestation = {
        domain: attestationDomain(payload.chainId),
        ...payload,
        flags,
        signature,
      };
      // Never hand out what our own verify would call malformed (oversized tier, snapshot id ...).
      if (decodeSignedAttestation(attestation) === undefined) return TE.left("issued attestation fails its own codec");
      return TE.right(note === undefined ? { attestation } : { attestation, note });
    }),
  );
}
