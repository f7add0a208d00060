import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../domain/chain/address";
import type { RegistryScore, RegistryScores, RegistryScoringFailed } from "../use-cases/registry/registry-scores.port";
import { ScoreAddress } from "../use-cases/scoring/score-address.use-case";

/** The registry's view of scoring: the product answer's score, tier, confidence and flag codes. */
@injectable()
export class RegistryScoresFromScoring implements RegistryScores {
  constructor(@inject(ScoreAddress) private readonly scoreAddress: ScoreAddress) {}

  scoreOf(address: Address): TE.TaskEither<RegistryScoringFailed, RegistryScore> {
    return pipe(
      this.scoreAddress.execute(address),
      TE.mapLeft((failure): RegistryScoringFailed => ({
        _tag: "RegistryScoringFailed",
        detail: `${failure.stage}: ${failure.cause.source}: ${failure.cause.detail}`,
      })),
      TE.map((scored) => ({
        address: scored.address,
        score: scored.score,
        tier: scored.tier,
        confidence: scored.confidence,
        flags: scored.flags.map((flag) => ({ code: flag.code })),
      })),
    );
  }
}
