import type { TaskEither } from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../domain/chain/address";
import type { GuardScores } from "../use-cases/protocol-guard/guard-scores.port";
import { ScoreAddress } from "../use-cases/scoring/score-address.use-case";
import type { ScoredAddress, ScoringFailed } from "../use-cases/scoring/scored-address";

/** Protocol Guard's view of scoring: exactly the product answer, nothing reinterpreted. */
@injectable()
export class GuardScoresFromScoring implements GuardScores {
  constructor(@inject(ScoreAddress) private readonly scoreAddress: ScoreAddress) {}

  execute(address: Address): TaskEither<ScoringFailed, ScoredAddress> {
    return this.scoreAddress.execute(address);
  }
}
