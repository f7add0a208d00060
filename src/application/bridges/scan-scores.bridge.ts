import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../domain/chain/address";
import type { ScanScore, ScanScores, ScanScoringFailed } from "../use-cases/scan/scan-scores.port";
import { ScoreAddress } from "../use-cases/scoring/score-address.use-case";

/** The scan's view of scoring: any kind of address, its flags with their severities (cached by ScoreAddress). */
@injectable()
export class ScanScoresFromScoring implements ScanScores {
  constructor(@inject(ScoreAddress) private readonly scoreAddress: ScoreAddress) {}

  scoreAny(address: Address): TE.TaskEither<ScanScoringFailed, ScanScore> {
    return pipe(
      this.scoreAddress.execute(address),
      TE.mapLeft((failure): ScanScoringFailed => ({
        _tag: "ScanScoringFailed",
        detail: `${failure.stage}: ${failure.cause.source}: ${failure.cause.detail}`,
      })),
      TE.map((scored) => ({
        score: scored.score,
        tier: scored.tier,
        flags: scored.flags.map((flag) => ({ code: flag.code, severity: flag.severity })),
      })),
    );
  }
}
