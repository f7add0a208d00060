import type { TaskEither } from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { UpstreamFailure } from "../../failures";
import { PaymentLedger, type PaymentTotals } from "../../ports/payment-ledger.port";

/** Paid oracle queries and value moved, for /api/stats; counted from the ledger so restarts keep them. */
@injectable()
export class ReadPaymentTotals {
  constructor(@inject(PaymentLedger) private readonly ledger: PaymentLedger) {}

  execute(): TaskEither<UpstreamFailure, PaymentTotals> {
    return this.ledger.totals();
  }
}
