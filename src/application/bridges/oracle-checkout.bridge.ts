import type { TaskEither } from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import { IdempotentPaidQuery } from "../use-cases/payment/idempotent-paid-query.use-case";
import type {
  CheckoutAnswer,
  CheckoutFailure,
  CheckoutRequest,
  OracleCheckout,
} from "../use-cases/scoring/oracle-checkout.port";
import { scoredAddressCodec } from "../use-cases/scoring/scored-address-codec";

/** The oracle's view of payment: IdempotentPaidQuery, a sold score stored and read back as scoring shapes it. */
@injectable()
export class OracleCheckoutFromPayment implements OracleCheckout {
  constructor(@inject(IdempotentPaidQuery) private readonly paidQuery: IdempotentPaidQuery) {}

  sell(request: CheckoutRequest): TaskEither<CheckoutFailure, CheckoutAnswer> {
    return this.paidQuery.execute(request, scoredAddressCodec);
  }
}
