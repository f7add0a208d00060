import type * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { UpstreamFailure } from "../../application/failures";
import type { PaymentSettler, SettlementResult } from "../../application/ports/payment-settler.port";
import type { TxHash } from "../../domain/chain/chain-types";
import type { AuthorizationProof } from "../../domain/payment/payment-proof";
import { toPaymentReason } from "../../domain/payment/payment-reason";
import type { PaymentTerms } from "../../domain/payment/payment-terms";
import { upstreamTask } from "../shared/upstream-task";
import { FacilitatorOptions, SettleResponseCodec, facilitatorRequest, postToFacilitator } from "./facilitator-client";

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

/** Delegates settlement to a remote x402 facilitator's POST /settle (it pays the gas). */
@injectable()
export class FacilitatorPaymentSettler implements PaymentSettler {
  constructor(@inject(FacilitatorOptions) private readonly options: FacilitatorOptions) {}

  settle(
    proof: AuthorizationProof,
    terms: PaymentTerms,
    resource: string,
  ): TE.TaskEither<UpstreamFailure, SettlementResult> {
    return upstreamTask("payment", "facilitator settle", async (): Promise<SettlementResult> => {
      const answer = await postToFacilitator(
        this.options,
        "/settle",
        facilitatorRequest(proof, terms, resource),
        SettleResponseCodec,
      );
      if (!answer.success) {
        // A transaction hash on a failure means something was broadcast: the reservation stays.
        return {
          settled: false,
          reason: toPaymentReason(answer.errorReason ?? undefined, "unexpected_settle_error"),
          broadcast: answer.transaction !== "",
        };
      }
      if (!TX_HASH.test(answer.transaction))
        throw new Error(`settled without a transaction hash: ${answer.transaction}`);
      return {
        settled: true,
        transaction: answer.transaction.toLowerCase() as TxHash,
        payer: proof.authorization.from,
      };
    });
  }
}
