import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import { formatAtomicAmount, type PaymentTerms } from "../../../domain/payment/payment-terms";
import { ReadPaymentTotals } from "../payment/read-payment-totals.use-case";
import { PaymentTermsConfig } from "../payment/payment-terms.token";
import { ScoringStats } from "../scoring/scoring-stats";

export interface PlatformStats {
  /** Paid answers, from the payment ledger; null when the ledger cannot be read right now. */
  readonly oracleQueries: number | null;
  /** Value moved in whole asset units as a decimal string ("0.002"); null as above. */
  readonly valueMoved: string | null;
  readonly valueMovedCurrency: "USDC";
  readonly scoresComputed: number;
  readonly scoresAnswered: number;
  readonly scoringFailures: number;
  readonly byKind: ReturnType<ScoringStats["view"]>["byKind"];
  readonly byTier: ReturnType<ScoringStats["view"]>["byTier"];
}

/** GET /api/stats and /api/agent-status: the site counters, paid figures from the ledger so restarts keep them. */
@injectable()
export class ReadPlatformStats {
  constructor(
    @inject(ReadPaymentTotals) private readonly paymentTotals: ReadPaymentTotals,
    @inject(ScoringStats) private readonly scoringStats: ScoringStats,
    @inject(PaymentTermsConfig) private readonly terms: PaymentTerms,
  ) {}

  /** Never fails: payment totals that cannot be read are answered as null. */
  execute(): TE.TaskEither<never, PlatformStats> {
    return TE.fromTask(async () => {
      const totals = await this.paymentTotals.execute()();
      const scoring = this.scoringStats.view();
      return {
        oracleQueries: E.isRight(totals) ? totals.right.paidQueries : null,
        valueMoved: E.isRight(totals) ? formatAtomicAmount(totals.right.valueMoved, this.terms.decimals) : null,
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
