import * as TE from "fp-ts/TaskEither";
import { InMemoryPaymentLedger } from "../../../../src/adapters/storage/in-memory-payment-ledger.adapter";
import type { PaymentLedger } from "../../../../src/application/ports/payment-ledger.port";
import { PaidQuery } from "../../../../src/application/use-cases/payment/paid-query.use-case";
import type { PaymentTerms } from "../../../../src/domain/payment/payment-terms";
import { RESOURCE } from "./payments";
import type { PaymentWorld } from "./payment-world";

/** PaidQuery wired to the real chain adapters, as the production container would wire it. */
export function paidQueryRig(w: PaymentWorld, ledger: PaymentLedger = new InMemoryPaymentLedger()) {
  const paidQuery = new PaidQuery(w.verifier, w.settler, ledger, w.terms);
  let computed = 0;
  const pay = (
    headers: Record<string, string>,
    compute: () => TE.TaskEither<string, { score: number }> = () => TE.right({ score: 80 }),
    terms?: PaymentTerms,
  ) =>
    paidQuery.execute({
      headers,
      resource: RESOURCE,
      ...(terms === undefined ? {} : { terms }),
      compute: () => {
        computed += 1;
        return compute();
      },
    })();
  return { paidQuery, ledger, pay, computed: () => computed };
}
