import {
  Contract,
  getAddress,
  keccak256,
  verifyTypedData,
  type JsonRpcProvider,
  type TransactionReceipt,
} from "ethers";
import type * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { UpstreamFailure } from "../../application/failures";
import type { PaymentVerifier, VerificationResult } from "../../application/ports/payment-verifier.port";
import { asAddress, type Address } from "../../domain/chain/address";
import type { EventLog, Hex, TxHash, TxReceipt } from "../../domain/chain/chain-types";
import {
  authorizationReplayableUntil,
  checkAuthorization,
  checkAuthorizationTerms,
} from "../../domain/payment/authorization-checks";
import type { AuthorizationProof, PaymentProof, TransferProof } from "../../domain/payment/payment-proof";
import type { PaymentTerms } from "../../domain/payment/payment-terms";
import { checkTransfer } from "../../domain/payment/transfer-checks";
import { upstreamTask } from "../shared/upstream-task";
import {
  EIP3009_ABI,
  EthersPaymentOptions,
  TRANSFER_WITH_AUTHORIZATION_TYPES,
  authorizationMessage,
  eip3009Domain,
  paymentProvider,
} from "./eip3009-contract";

/** The EIP-712 signer of an authorization, or null when the signature recovers nobody. */
export function recoverAuthorizationSigner(proof: AuthorizationProof, terms: PaymentTerms): Address | null {
  try {
    const message = authorizationMessage(proof.authorization);
    return asAddress(
      verifyTypedData(eip3009Domain(terms), TRANSFER_WITH_AUTHORIZATION_TYPES, message, proof.signature),
    );
  } catch {
    return null;
  }
}

/** Verifies payments by reading the chain itself over JSON-RPC (ethers v6). */
@injectable()
export class EthersPaymentVerifier implements PaymentVerifier {
  private readonly provider: JsonRpcProvider;

  constructor(@inject(EthersPaymentOptions) options: EthersPaymentOptions) {
    this.provider = paymentProvider(options);
  }

  /** Stops the provider's timers, for shutdown. */
  close(): void {
    this.provider.destroy();
  }

  verify(
    proof: PaymentProof,
    terms: PaymentTerms,
    _resource?: string,
  ): TE.TaskEither<UpstreamFailure, VerificationResult> {
    return upstreamTask("payment", `verify ${proof.kind}`, () =>
      proof.kind === "transfer" ? this.verifyTransfer(proof, terms) : this.verifyAuthorization(proof, terms),
    );
  }

  private async verifyAuthorization(proof: AuthorizationProof, terms: PaymentTerms): Promise<VerificationResult> {
    const { authorization } = proof;
    const signer = recoverAuthorizationSigner(proof, terms);
    // What needs no chain read is refused without one.
    const early =
      checkAuthorizationTerms(proof, terms) ??
      (signer === authorization.from ? null : "invalid_exact_evm_payload_signature");
    if (early !== null) return { valid: false, reason: early };

    const token = new Contract(terms.asset, EIP3009_ABI, this.provider);
    const [head, balance, nonceUsed] = await Promise.all([
      this.provider.getBlock("latest"),
      token.getFunction("balanceOf").staticCall(authorization.from) as Promise<bigint>,
      token.getFunction("authorizationState").staticCall(authorization.from, authorization.nonce) as Promise<boolean>,
    ]);
    if (head === null) throw new Error("node returned no latest block");
    const reason = checkAuthorization(proof, terms, { now: head.timestamp, signer, balance, nonceUsed });
    if (reason !== null) return { valid: false, reason };
    return {
      valid: true,
      payer: authorization.from,
      value: authorization.value,
      checkedAt: head.timestamp,
      replayableUntil: authorizationReplayableUntil(authorization),
    };
  }

  private async verifyTransfer(proof: TransferProof, terms: PaymentTerms): Promise<VerificationResult> {
    const [head, receipt, transaction] = await Promise.all([
      this.provider.getBlock("latest"),
      this.provider.getTransactionReceipt(proof.txHash),
      this.provider.getTransaction(proof.txHash),
    ]);
    if (head === null) throw new Error("node returned no latest block");
    const block = receipt === null ? null : await this.provider.getBlock(receipt.blockNumber);
    const evidence = {
      now: head.timestamp,
      receipt: receipt === null ? null : toReceipt(receipt),
      blockTimestamp: block?.timestamp ?? null,
      input: transaction === null ? null : (transaction.data.toLowerCase() as Hex),
    };
    const verdict = checkTransfer(proof, terms, evidence, (data) => keccak256(data) as Hex);
    if (!verdict.ok) return { valid: false, reason: verdict.reason };
    return {
      valid: true,
      payer: verdict.payer,
      value: verdict.value,
      checkedAt: head.timestamp,
      replayableUntil: verdict.replayableUntil,
    };
  }
}

function toReceipt(receipt: TransactionReceipt): TxReceipt {
  const logs: EventLog[] = receipt.logs.map((log) => ({
    address: asAddress(log.address),
    topics: log.topics.map((topic) => topic.toLowerCase() as Hex),
    data: log.data.toLowerCase() as Hex,
    blockNumber: log.blockNumber,
    txHash: log.transactionHash.toLowerCase() as TxHash,
    logIndex: log.index,
  }));
  return {
    hash: receipt.hash.toLowerCase() as TxHash,
    blockNumber: receipt.blockNumber,
    from: asAddress(receipt.from),
    to: receipt.to === null ? null : asAddress(getAddress(receipt.to)),
    success: receipt.status === 1,
    contractAddress: receipt.contractAddress === null ? null : asAddress(receipt.contractAddress),
    logs,
  };
}
