import * as TE from "fp-ts/TaskEither";
import { pipe } from "fp-ts/function";
import { inject, injectable } from "inversify";
import type { SignedAttestation } from "../../../domain/gating/attestation";
import type { AttestCommand } from "../../../domain/gating/attest-request";
import { attestationDisclaimer } from "../../../domain/gating/gating-text";
import { AttestationSigner } from "../../ports/attestation-signer.port";
import { GatingScores } from "./gating-scores.port";
import { Clock } from "../../ports/clock.port";
import { gatingFailure, type GatingFailure } from "./gating-failure";
import { scoreForAttestation } from "./score-for-attestation";
import { GatingSettings } from "./gating-settings";
import { signAttestation } from "./sign-attestation";

export interface AttestResult {
  readonly attestation: SignedAttestation;
  readonly format: "credence";
  readonly pricing: "free";
  readonly disclaimer: string;
  /** Set when the requested ttlSeconds was clamped. */
  readonly note?: string;
}

/** POST /api/gating/attest: score the subject now and sign that score; no score, no attestation. */
@injectable()
export class IssueAttestation {
  constructor(
    @inject(GatingScores) private readonly scorer: GatingScores,
    @inject(AttestationSigner) private readonly signer: AttestationSigner,
    @inject(Clock) private readonly clock: Clock,
    @inject(GatingSettings) private readonly settings: GatingSettings,
  ) {}

  execute(command: AttestCommand): TE.TaskEither<GatingFailure, AttestResult> {
    return pipe(
      scoreForAttestation(this.scorer, this.settings, command),
      TE.flatMap(({ request, scored }) =>
        pipe(
          signAttestation(this.signer, this.clock, request, scored),
          TE.mapLeft((detail) => gatingFailure("attest_failed", detail)),
        ),
      ),
      TE.map(({ attestation, note }) => ({
        attestation,
        format: "credence" as const,
        pricing: "free" as const,
        disclaimer: attestationDisclaimer(attestation.devSigned),
        ...(note === undefined ? {} : { note }),
      })),
    );
  }
}
