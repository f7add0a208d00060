import * as E from "fp-ts/Either";
import type * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { RiskCheckCommand, RiskCheckInvalidReason } from "../../../domain/risk-check/risk-check";
import { Clock } from "../../ports/clock.port";
import { RiskCheckSigner } from "../../ports/risk-check-signer.port";
import { riskCheckFailed, signedRiskCheck, type RiskCheckFailed, type RiskCheckResult } from "./risk-check-result";
import { RiskCheckScores } from "./risk-check-scores.port";
import { RiskCheckSettings } from "./risk-check-settings";

/** An address that could not be scored: the extension's `checked: false`, with the reason a facilitator returns. */
export interface RiskCheckNotPerformed {
  readonly checked: false;
  readonly address: string;
  readonly invalidReason: Extract<RiskCheckInvalidReason, "risk-check-unavailable">;
}

/**
 * POST /api/risk-check/batch: every address of the batch (at most MAX_RISK_CHECK_BATCH) at once, each
 * signed on its own (a facilitator hands each payer's JWS to its own resource server); all failed is a
 * failure of the batch. As in the scoring batch, the chain reader's own limit bounds the upstream work.
 */
@injectable()
export class CheckRiskBatch {
  constructor(
    @inject(RiskCheckScores) private readonly scores: RiskCheckScores,
    @inject(RiskCheckSigner) private readonly signer: RiskCheckSigner,
    @inject(Clock) private readonly clock: Clock,
    @inject(RiskCheckSettings) private readonly settings: RiskCheckSettings,
  ) {}

  execute(
    commands: readonly RiskCheckCommand[],
    baseUrl: string,
  ): TE.TaskEither<RiskCheckFailed, readonly (RiskCheckResult | RiskCheckNotPerformed)[]> {
    return async () => {
      const context = { chainId: this.settings.chainId, baseUrl, nowMs: this.clock.nowMs() };
      const results = await Promise.all(
        commands.map(async (command): Promise<RiskCheckResult | RiskCheckNotPerformed> => {
          const scored = await this.scores.scoreAny(command.address)();
          const signed = E.isRight(scored)
            ? await signedRiskCheck(this.signer, context, command, scored.right)()
            : scored;
          return E.isRight(signed)
            ? signed.right
            : { checked: false, address: command.address, invalidReason: "risk-check-unavailable" };
        }),
      );
      return results.every((result) => !result.checked)
        ? E.left(riskCheckFailed("no address of the batch could be scored"))
        : E.right(results);
    };
  }
}
