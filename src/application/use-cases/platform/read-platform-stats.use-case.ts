import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import { PaidFigures } from "./paid-figures.port";
import { ScoringFigures, type ScoringFiguresView } from "./scoring-figures.port";

export interface PlatformStats {
  /** Paid answers, from the payment ledger; null when the ledger cannot be read right now. */
  readonly oracleQueries: number | null;
  /** Value moved in whole asset units as a decimal string ("0.002"); null as above. */
  readonly valueMoved: string | null;
  readonly valueMovedCurrency: "USDC";
  readonly scoresComputed: number;
  readonly scoresAnswered: number;
  readonly scoringFailures: number;
  readonly byKind: ScoringFiguresView["byKind"];
  readonly byTier: ScoringFiguresView["byTier"];
}

/** GET /api/stats and /api/agent-status: the site counters, paid figures from the ledger so restarts keep them. */
@injectable()
export class ReadPlatformStats {
  constructor(
    @inject(PaidFigures) private readonly paid: PaidFigures,
    @inject(ScoringFigures) private readonly scoring: ScoringFigures,
  ) {}

  /** Never fails: payment totals that cannot be read are answered as null. */
  execute(): TE.TaskEither<never, PlatformStats> {
    return TE.fromTask(async () => {
      const totals = await this.paid.totals()();
      const scoring = this.scoring.view();
      return {
        oracleQueries: E.isRight(totals) ? totals.right.paidQueries : null,
        valueMoved: E.isRight(totals) ? totals.right.valueMoved : null,
        valueMovedCurrency: "USDC",
        scoresComputed: scoring.scoresComputed,
        scoresAnswered: scoring.answers,
        scoringFailures: scoring.failures,
        byKind: scoring.byKind,
        byTier: scoring.byTier,
      };
    });
  }
}
