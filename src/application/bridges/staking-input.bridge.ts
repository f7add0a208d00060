import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../domain/chain/address";
import type { BlockRef } from "../../domain/chain/chain-types";
import type { StakingInput } from "../../domain/scoring";
import type { StakingInputSource } from "../ports/staking-input-source.port";
import { AnalyzeStaking } from "../use-cases/staking/analyze-staking.use-case";

/**
 * Feeds WalletProfile.staking from the staking analysis. A failed analysis is "not available" (the
 * domain then states the limitation): staking is a bonus input and never blocks a score.
 */
@injectable()
export class StakingInputFromStaking implements StakingInputSource {
  constructor(@inject(AnalyzeStaking) private readonly analyze: AnalyzeStaking) {}

  stakingOf(wallet: Address, head: BlockRef): TE.TaskEither<never, StakingInput | null> {
    return pipe(
      this.analyze.execute(wallet, head),
      TE.map((signal): StakingInput | null => ({
        scoreBoost: signal.scoreBoost,
        gamingFlags: signal.gamingFlags.map((flag) => ({ code: flag.code, evidence: flag.evidence })),
      })),
      TE.orElse(() => TE.right<never, StakingInput | null>(null)),
    );
  }
}
