import * as TE from "fp-ts/TaskEither";
import { pipe } from "fp-ts/function";
import { inject, injectable } from "inversify";
import type { AttestCommand } from "../../../domain/gating/attest-request";
import { attestationDisclaimer } from "../../../domain/gating/gating-text";
import { AttestationSigner } from "../../ports/attestation-signer.port";
import { Clock } from "../../ports/clock.port";
import { EasAttestationSigner } from "../../ports/eas-attestation-signer.port";
import { gatingFailure, scoringFailureOf, type GatingFailure } from "./gating-failure";
import { GatingScores } from "./gating-scores.port";
import { GatingSettings } from "./gating-settings";
import { signEasAttestation, type IssuedEasAttestation } from "./sign-eas-attestation";

export interface EasAttestResult extends Omit<IssuedEasAttestation, "note"> {
  readonly format: "eas";
  readonly pricing: "free";
  readonly disclaimer: string;
  readonly note?: string;
}

/**
 * POST /api/gating/attest with `format: "eas"`: the same score and lifetime rules as Credence's own
 * format, signed as an EAS offchain attestation (v2) of the published schema.
 */
@injectable()
export class IssueEasAttestation {
  constructor(
    @inject(GatingScores) private readonly scorer: GatingScores,
    @inject(AttestationSigner) private readonly signer: AttestationSigner,
    @inject(EasAttestationSigner) private readonly eas: EasAttestationSigner,
    @inject(Clock) private readonly clock: Clock,
    @inject(GatingSettings) private readonly settings: GatingSettings,
  ) {}

  execute(command: AttestCommand): TE.TaskEither<GatingFailure, EasAttestResult> {
    if (command.chainId !== undefined && command.chainId !== this.settings.chainId) {
      return TE.left(
        gatingFailure(
          "invalid_chain_id",
          `chainId ${command.chainId} is not the scored chain ${this.settings.chainId}`,
        ),
      );
    }
    const request = { ...command, chainId: this.settings.chainId };
    return pipe(
      this.scorer.scoreSubject({ subject: command.subject, subjectType: command.subjectType }),
      TE.mapLeft(scoringFailureOf("attest_failed", "invalid_subject")),
      TE.flatMap((scored) =>
        pipe(
          signEasAttestation(this.signer, this.eas, this.clock, request, scored),
          TE.mapLeft((detail) => gatingFailure("attest_failed", detail)),
        ),
      ),
      TE.map(({ note, ...issued }) => ({
        ...issued,
        format: "eas" as const,
        pricing: "free" as const,
        disclaimer: attestationDisclaimer(this.signer.isDevKey()),
        ...(note === undefined ? {} : { note }),
      })),
    );
  }
}
