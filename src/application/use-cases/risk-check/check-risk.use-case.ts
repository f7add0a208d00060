import * as TE from "fp-ts/TaskEither";
import { pipe } from "fp-ts/function";
import { inject, injectable } from "inversify";
import type { RiskCheckCommand } from "../../../domain/risk-check/risk-check";
import { Clock } from "../../ports/clock.port";
import { RiskCheckSigner } from "../../ports/risk-check-signer.port";
import { riskCheckFailed, signedRiskCheck, type RiskCheckFailed, type RiskCheckResult } from "./risk-check-result";
import { RiskCheckScores } from "./risk-check-scores.port";
import { RiskCheckSettings } from "./risk-check-settings";

export type { RiskCheckFailed, RiskCheckResult } from "./risk-check-result";

/** POST /api/risk-check: score the address and sign the result (ES256 JWS) for the audience named, by default this provider. */
@injectable()
export class CheckRisk {
  constructor(
    @inject(RiskCheckScores) private readonly scores: RiskCheckScores,
    @inject(RiskCheckSigner) private readonly signer: RiskCheckSigner,
    @inject(Clock) private readonly clock: Clock,
    @inject(RiskCheckSettings) private readonly settings: RiskCheckSettings,
  ) {}

  execute(command: RiskCheckCommand, baseUrl: string): TE.TaskEither<RiskCheckFailed, RiskCheckResult> {
    return pipe(
      this.scores.scoreAny(command.address),
      TE.mapLeft((failure) => riskCheckFailed(failure.detail)),
      TE.flatMap((scored) =>
        signedRiskCheck(
          this.signer,
          { chainId: this.settings.chainId, baseUrl, nowMs: this.clock.nowMs() },
          command,
          scored,
        ),
      ),
    );
  }
}
