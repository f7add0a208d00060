import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import { formatAtomicAmount, type PaymentTerms } from "../../domain/payment/payment-terms";
import type { UpstreamFailure } from "../failures";
import { PaymentTermsConfig } from "../use-cases/payment/payment-terms.token";
import { ReadPaymentTotals } from "../use-cases/payment/read-payment-totals.use-case";
import type { PaidFigures, PaidTotals } from "../use-cases/platform/paid-figures.port";

/** The platform counters' view of payment: the ledger's totals, value in whole units of the configured asset. */
@injectable()
export class PaidFiguresFromPayment implements PaidFigures {
  constructor(
    @inject(ReadPaymentTotals) private readonly paymentTotals: ReadPaymentTotals,
    @inject(PaymentTermsConfig) private readonly terms: PaymentTerms,
  ) {}

  totals(): TE.TaskEither<UpstreamFailure, PaidTotals> {
    return pipe(
      this.paymentTotals.execute(),
      TE.map((totals) => ({
        paidQueries: totals.paidQueries,
        valueMoved: formatAtomicAmount(totals.valueMoved, this.terms.decimals),
      })),
    );
  }
}
