import * as E from "fp-ts/Either";
import type { Task } from "fp-ts/Task";
import { inject, injectable } from "inversify";
import type { Address } from "../../domain/chain/address";
import type { GraphTrustSeedScores } from "../use-cases/graph-trust/graph-trust-seed-scores.port";
import { ScoreAddress } from "../use-cases/scoring/score-address.use-case";

/** Graph trust's default seeds are flag-free by the existing scorer: its flags, counted. */
@injectable()
export class GraphTrustSeedScoresFromScoring implements GraphTrustSeedScores {
  constructor(@inject(ScoreAddress) private readonly scoreAddress: ScoreAddress) {}

  flagCounts(wallets: readonly Address[]): Task<ReadonlyMap<Address, number>> {
    return async () => {
      const counts = new Map<Address, number>();
      // One at a time: seed scoring runs in the background and must not crowd out requests.
      for (const wallet of wallets) {
        const scored = await this.scoreAddress.execute(wallet, "eoa")();
        if (E.isRight(scored)) counts.set(wallet, scored.right.flags.filter((f) => f.severity !== "info").length);
      }
      return counts;
    };
  }
}
