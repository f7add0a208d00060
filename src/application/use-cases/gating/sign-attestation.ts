import * as TE from "fp-ts/TaskEither";
import { pipe } from "fp-ts/function";
import type { AttestationPayload, SignedAttestation } from "../../../domain/gating/attestation";
import { decodeSignedAttestation } from "../../../domain/gating/attestation-codec";
import { attestationDomain } from "../../../domain/gating/attestation-domain";
import type { AttestationRequest } from "./attestation-request";
import type { AttestationSigner } from "../../ports/attestation-signer.port";
import type { SubjectScore } from "./gating-scores.port";
import type { Clock } from "../../ports/clock.port";
import { attestationClaim } from "./attestation-claim";

export interface IssuedAttestation {
  readonly attestation: SignedAttestation;
  readonly note?: string;
}

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
  return pipe(
    TE.fromEither(attestationClaim(signer, clock, request, scored)),
    TE.flatMap(({ note, ...claim }) => {
      const payload: AttestationPayload = {
        id: signer.newAttestationId(),
        subject: request.subject,
        subjectType: request.subjectType,
        useClass: request.useClass,
        chainId: request.chainId,
        score: claim.score,
        tier: claim.tier,
        confidence: claim.confidence,
        flagsHash: claim.flagsHash,
        scoringVersion: claim.scoringVersion,
        issuedAt: claim.issuedAt,
        expiresAt: claim.expiresAt,
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
            flags: claim.flags,
            signature,
          };
          // Never hand out what our own verify would call malformed (oversized tier, snapshot id ...).
          if (decodeSignedAttestation(attestation) === undefined) {
            return TE.left("issued attestation fails its own codec");
          }
          return TE.right(note === undefined ? { attestation } : { attestation, note });
        }),
      );
    }),
  );
}
