import * as TE from "fp-ts/TaskEither";
import { pipe } from "fp-ts/function";
import { inject, injectable } from "inversify";
import type { SignedAttestation } from "../../../domain/gating/attestation";
import type { CheckCommand } from "../../../domain/gating/check-request";
import { evaluateLadder, type LadderEvaluation } from "../../../domain/gating/ladder-evaluation";
import { AttestationSigner } from "../../ports/attestation-signer.port";
import { GatingScores } from "./gating-scores.port";
import { Clock } from "../../ports/clock.port";
import { gatingFailure, scoringFailureOf, type GatingFailure } from "./gating-failure";
import { GatingSettings } from "./gating-settings";
import { signAttestation } from "./sign-attestation";

export interface CheckResult extends LadderEvaluation {
  readonly wallet: string;
  readonly network: CheckCommand["network"];
  readonly protocolId: string | null;
  readonly ladderPreset: string | null;
  readonly capability: string | null;
  /** Decimal string, as amounts are at the edge. */
  readonly requestedAmount: string | null;
  readonly score: number;
  readonly tier: string;
  readonly confidence: number;
  readonly flags: readonly string[];
  /** A fresh attestation of the very score this decision used. */
  readonly attestation: SignedAttestation;
}

/** POST /api/gating/check: the caller's ladder applied to the wallet's real score, failing closed. */
@injectable()
export class CheckGate {
  constructor(
    @inject(GatingScores) private readonly scorer: GatingScores,
    @inject(AttestationSigner) private readonly signer: AttestationSigner,
    @inject(Clock) private readonly clock: Clock,
    @inject(GatingSettings) private readonly settings: GatingSettings,
  ) {}

  execute(command: CheckCommand): TE.TaskEither<GatingFailure, CheckResult> {
    const request = {
      subject: command.wallet,
      subjectType: "wallet" as const,
      useClass: command.useClass,
      chainId: this.settings.chainId,
    };
    return pipe(
      this.scorer.scoreSubject({ subject: command.wallet, subjectType: "wallet" }),
      TE.mapLeft(scoringFailureOf("check_failed", "invalid_wallet")),
      TE.flatMap((scored) =>
        pipe(
          signAttestation(this.signer, this.clock, request, scored),
          TE.mapLeft((detail) => gatingFailure("check_failed", detail)),
        ),
      ),
      TE.map(({ attestation }) => {
        // Evaluate the attested (integer) figures so the answer and its attestation agree.
        const evaluation = evaluateLadder({
          ladder: command.ladder,
          network: command.network,
          score: attestation.score,
          confidence: attestation.confidence,
          ...(command.capability === undefined ? {} : { capability: command.capability }),
          ...(command.requestedAmount === undefined ? {} : { requestedAmount: command.requestedAmount }),
        });
        return {
          ...evaluation,
          wallet: command.wallet,
          network: command.network,
          protocolId: command.ladder.protocolId ?? null,
          ladderPreset: command.ladderPreset ?? null,
          capability: command.capability ?? null,
          requestedAmount: command.requestedAmount ?? null,
          score: attestation.score,
          tier: attestation.tier,
          confidence: attestation.confidence,
          flags: attestation.flags,
          attestation,
        };
      }),
    );
  }
}
