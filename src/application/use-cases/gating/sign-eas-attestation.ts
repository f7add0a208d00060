import * as TE from "fp-ts/TaskEither";
import { pipe } from "fp-ts/function";
import type { AttestationSigner } from "../../ports/attestation-signer.port";
import type { Clock } from "../../ports/clock.port";
import type { EasAttestationSigner } from "../../ports/eas-attestation-signer.port";
import type { AttestationRequest } from "./attestation-request";
import { attestationClaim } from "./attestation-claim";
import type { SubjectScore } from "./gating-scores.port";

export interface IssuedEasAttestation {
  /** The EAS SDK's SignedOffchainAttestation as JSON: what relying parties verify. */
  readonly attestation: Readonly<Record<string, unknown>>;
  readonly uid: string;
  readonly schemaUid: string;
  /** The signer (EAS attester): the attestation key's address. */
  readonly attester: string;
  /** The flag codes `flagsHash` commits to (not in the schema data: a list would bloat every attestation). */
  readonly flags: readonly string[];
  readonly note?: string;
}

/** Builds and signs an EAS offchain attestation of a score already computed; Left is a reason for the logs. */
export function signEasAttestation(
  signer: AttestationSigner,
  eas: EasAttestationSigner,
  clock: Clock,
  request: AttestationRequest,
  scored: SubjectScore,
): TE.TaskEither<string, IssuedEasAttestation> {
  return pipe(
    TE.fromEither(attestationClaim(signer, clock, request, scored)),
    TE.flatMap(({ note, flags, ...claim }) =>
      pipe(
        eas.sign({
          subject: request.subject,
          useClass: request.useClass,
          score: claim.score,
          tier: claim.tier,
          confidence: claim.confidence,
          flagsHash: claim.flagsHash,
          scoringVersion: claim.scoringVersion,
          issuedAt: claim.issuedAt,
          expiresAt: claim.expiresAt,
        }),
        TE.mapLeft((failure) => `EAS signing failed: ${failure.detail}`),
        TE.map((signed) => ({
          attestation: signed.document,
          uid: signed.uid,
          schemaUid: eas.schemaUid(),
          attester: signer.issuer(),
          flags,
          ...(note === undefined ? {} : { note }),
        })),
      ),
    ),
  );
}
