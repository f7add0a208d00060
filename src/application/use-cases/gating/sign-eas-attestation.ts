import * as TE from "fp-ts/TaskEither";
import { pipe } from "fp-ts/function";
import { SCORING_VERSION_BY_SUBJECT_TYPE, canonicalFlagCodes } from "../../../domain/gating/attestation";
import { resolveTtl } from "../../../domain/gating/use-class";
import type { AttestationSigner } from "../../ports/attestation-signer.port";
import type { Clock } from "../../ports/clock.port";
import type { EasAttestationSigner } from "../../ports/eas-attestation-signer.port";
import type { AttestationRequest } from "./sign-attestation";
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

const asPercent = (value: number): number | undefined =>
  Number.isFinite(value) && value >= 0 && value <= 100 ? Math.round(value) : undefined;

/** Builds and signs an EAS offchain attestation of a score already computed; Left is a reason for the logs. */
export function signEasAttestation(
  signer: AttestationSigner,
  eas: EasAttestationSigner,
  clock: Clock,
  request: AttestationRequest,
  scored: SubjectScore,
): TE.TaskEither<string, IssuedEasAttestation> {
  const score = asPercent(scored.score);
  const confidence = asPercent(scored.confidence);
  if (score === undefined || confidence === undefined) {
    return TE.left(`scorer returned a score outside 0-100 (${scored.score}, ${scored.confidence})`);
  }
  const { ttlSeconds, note } = resolveTtl(request.useClass, request.ttlSeconds);
  const issuedAt = Math.floor(clock.nowMs() / 1000);
  const flags = canonicalFlagCodes(scored.flags);
  return pipe(
    eas.sign({
      subject: request.subject,
      useClass: request.useClass,
      score,
      tier: scored.tier,
      confidence,
      flagsHash: signer.flagsHash(flags),
      scoringVersion: SCORING_VERSION_BY_SUBJECT_TYPE[request.subjectType],
      issuedAt,
      expiresAt: issuedAt + ttlSeconds,
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
  );
}
