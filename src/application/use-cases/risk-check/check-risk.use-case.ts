import * as E from "fp-ts/Either";
import type * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { RiskCheckCommand } from "../../../domain/risk-check/risk-check";
import type { TransactionScanAnswer } from "../../../domain/scan/scan-answer";
import { Clock } from "../../ports/clock.port";
import { RiskCheckSigner } from "../../ports/risk-check-signer.port";
import { riskCheckFailed, signedRiskCheck, type RiskCheckFailed, type RiskCheckResult } from "./risk-check-result";
import { RiskCheckScan, type RiskScanFailed } from "./risk-check-scan.port";
import { RiskCheckScores } from "./risk-check-scores.port";
import { RiskCheckSettings } from "./risk-check-settings";

export type { RiskCheckFailed, RiskCheckResult } from "./risk-check-result";

/**
 * POST /api/risk-check: score the address and sign the result (ES256 JWS) for the audience named, by default this
 * provider. With a `transaction`, the transaction scan (the same use case as POST /api/scan/transaction) runs beside
 * the score and its answer rides along, its verdict signed in the JWS.
 */
@injectable()
export class CheckRisk {
  constructor(
    @inject(RiskCheckScores) private readonly scores: RiskCheckScores,
    @inject(RiskCheckSigner) private readonly signer: RiskCheckSigner,
    @inject(Clock) private readonly clock: Clock,
    @inject(RiskCheckSettings) private readonly settings: RiskCheckSettings,
    @inject(RiskCheckScan) private readonly scan: RiskCheckScan,
  ) {}

  execute(command: RiskCheckCommand, baseUrl: string): TE.TaskEither<RiskCheckFailed, RiskCheckResult> {
    return async () => {
      const noScan: E.Either<RiskScanFailed, TransactionScanAnswer | null> = E.right(null);
      const [scored, scanned] = await Promise.all([
        this.scores.scoreAny(command.address)(),
        command.transaction === undefined ? Promise.resolve(noScan) : this.scan.scanTransaction(command.transaction)(),
      ]);
      if (E.isLeft(scored)) return E.left(riskCheckFailed(scored.left.detail));
      if (E.isLeft(scanned)) return E.left(riskCheckFailed(`transaction scan: ${scanned.left.detail}`));
      return signedRiskCheck(
        this.signer,
        { chainId: this.settings.chainId, baseUrl, nowMs: this.clock.nowMs() },
        command,
        scored.right,
        scanned.right,
      )();
    };
  }
}
