import * as TE from "fp-ts/TaskEither";
import { pipe } from "fp-ts/function";
import { inject, injectable } from "inversify";
import type { AttestCommand } from "../../../domain/gating/attest-request";
import { attestationDisclaimer } from "../../../domain/gating/gating-text";
import { AttestationSigner } from "../../ports/attestation-signer.port";
import { Clock } from "../../ports/clock.port";
import { EasAttestationSigner } from "../../ports/eas-attestation-signer.port";
import { gatingFailure, type GatingFailure } from "./gating-failure";
import { scoreForAttestation } from "./score-for-attestation";
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
    return pipe(
      scoreForAttestation(this.scorer, this.settings, command),
      TE.flatMap(({ request, scored }) =>
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
