import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../domain/chain/address";
import type { GuardScore, GuardScores, GuardScoringFailed } from "../use-cases/protocol-guard/guard-scores.port";
import { ScoreAddress } from "../use-cases/scoring/score-address.use-case";

/** Protocol Guard's view of scoring: the product answer's figures, nothing reinterpreted. */
@injectable()
export class GuardScoresFromScoring implements GuardScores {
  constructor(@inject(ScoreAddress) private readonly scoreAddress: ScoreAddress) {}

  execute(address: Address): TE.TaskEither<GuardScoringFailed, GuardScore> {
    return pipe(
      this.scoreAddress.execute(address),
      TE.map((scored) => ({
        address: scored.address,
        score: scored.score,
        tier: scored.tier,
        confidence: scored.confidence,
        flags: scored.flags.map((flag) => ({ code: flag.code, severity: flag.severity })),
        recommendation: scored.explanation.recommendation.action,
        subjectType: scored.subjectType,
        snapshotId: scored.snapshotId,
        scoringVersion: scored.scoringVersion,
      })),
    );
  }
}
