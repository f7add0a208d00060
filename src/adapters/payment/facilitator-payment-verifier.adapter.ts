import type { JsonRpcProvider } from "ethers";
import type * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { UpstreamFailure } from "../../application/failures";
import type { PaymentVerifier, VerificationResult } from "../../application/ports/payment-verifier.port";
import { authorizationReplayableUntil } from "../../domain/payment/authorization-checks";
import type { AuthorizationProof, PaymentProof } from "../../domain/payment/payment-proof";
import { toPaymentReason } from "../../domain/payment/payment-reason";
import type { PaymentTerms } from "../../domain/payment/payment-terms";
import { upstreamTask } from "../shared/upstream-task";
import { EthersPaymentOptions, paymentProvider } from "./eip3009-contract";
import { EthersPaymentVerifier } from "./ethers-payment-verifier.adapter";
import { FacilitatorOptions, VerifyResponseCodec, facilitatorRequest, postToFacilitator } from "./facilitator-client";

/**
 * Delegates x402 authorizations to a remote facilitator's POST /verify. Transfer proofs are not
 * x402, so they are checked against the chain as EthersPaymentVerifier does; the head block also
 * supplies the chain time the ledger's expiry works in.
 */
@injectable()
export class FacilitatorPaymentVerifier implements PaymentVerifier {
  private readonly provider: JsonRpcProvider;
  private readonly onChain: EthersPaymentVerifier;

  constructor(
    @inject(FacilitatorOptions) private readonly options: FacilitatorOptions,
    @inject(EthersPaymentOptions) chain: EthersPaymentOptions,
  ) {
    this.provider = paymentProvider(chain);
    this.onChain = new EthersPaymentVerifier(chain);
  }

  /** Stops the providers' timers, for shutdown. */
  close(): void {
    this.provider.destroy();
    this.onChain.close();
  }

  verify(
    proof: PaymentProof,
    terms: PaymentTerms,
    resource: string,
  ): TE.TaskEither<UpstreamFailure, VerificationResult> {
    if (proof.kind === "transfer") return this.onChain.verify(proof, terms);
    return upstreamTask("payment", "facilitator verify", () => this.verifyRemotely(proof, terms, resource));
  }

  private async verifyRemotely(
    proof: AuthorizationProof,
    terms: PaymentTerms,
    resource: string,
  ): Promise<VerificationResult> {
    const [answer, now] = await Promise.all([
      postToFacilitator(this.options, "/verify", facilitatorRequest(proof, terms, resource), VerifyResponseCodec),
      this.provider.getBlock("latest").then((block) => {
        if (block === null) throw new Error("node returned no latest block");
        return block.timestamp;
      }),
    ]);
    if (!answer.isValid) {
      return { valid: false, reason: toPaymentReason(answer.invalidReason ?? undefined, "unexpected_verify_error") };
    }
    const { authorization } = proof;
    return {
      valid: true,
      payer: authorization.from,
      value: authorization.value,
      checkedAt: now,
      replayableUntil: authorizationReplayableUntil(authorization),
    };
  }
}
