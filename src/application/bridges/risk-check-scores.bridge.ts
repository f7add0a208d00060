import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../domain/chain/address";
import type { RiskCheckScore } from "../../domain/risk-check/risk-check";
import type { RiskCheckScores, RiskScoringFailed } from "../use-cases/risk-check/risk-check-scores.port";
import { ScoreAddress } from "../use-cases/scoring/score-address.use-case";

/** The risk check's view of scoring: any kind of address, its flags with their severities. */
@injectable()
export class RiskCheckScoresFromScoring implements RiskCheckScores {
  constructor(@inject(ScoreAddress) private readonly scoreAddress: ScoreAddress) {}

  scoreAny(address: Address): TE.TaskEither<RiskScoringFailed, RiskCheckScore> {
    return pipe(
      this.scoreAddress.execute(address),
      TE.mapLeft((failure): RiskScoringFailed => ({
        _tag: "RiskScoringFailed",
        detail: `${failure.stage}: ${failure.cause.source}: ${failure.cause.detail}`,
      })),
      TE.map((scored) => ({
        score: scored.score,
        tier: scored.tier,
        confidence: scored.confidence,
        flags: scored.flags.map((flag) => ({ code: flag.code, severity: flag.severity })),
        subjectType: scored.subjectType,
        officialIssuer: scored.officialIssuer,
        snapshotId: scored.snapshotId,
        scoringVersion: scored.scoringVersion,
        limitations: scored.limitations,
      })),
    );
  }
}
