import { Contract, Interface, Signature, Wallet, isError, zeroPadValue, type JsonRpcProvider } from "ethers";
import * as E from "fp-ts/Either";
import type * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import { upstreamFailure, type UpstreamFailure } from "../../application/failures";
import type {
  PaymentSettler,
  SettlementResult,
  AuthorizationOnChain,
} from "../../application/ports/payment-settler.port";
import type { TxHash } from "../../domain/chain/chain-types";
import type { AuthorizationProof } from "../../domain/payment/payment-proof";
import type { PaymentTerms } from "../../domain/payment/payment-terms";
import { ERC20_TRANSFER_TOPIC } from "../../domain/payment/transfer-checks";
import { describeError } from "../shared/http-json";
import {
  EIP3009_ABI,
  EthersPaymentOptions,
  TRANSFER_WITH_AUTHORIZATION_VRS,
  paymentProvider,
} from "./eip3009-contract";
import { SerialNonceSender } from "./serial-nonce-sender";

export interface EthersSettlerOptions {
  /** Pays the gas of `transferWithAuthorization`; holds no USDC of its own. */
  readonly settlementPrivateKey: string;
  /** How long to wait for the receipt before calling the outcome unknown, default 60 s. */
  readonly receiptTimeoutMs?: number;
  /** Blocks searched back for an `AuthorizationUsed` event when someone else settled first. */
  readonly authorizationLookbackBlocks?: number;
}

export const EthersSettlerOptions = Symbol.for("EthersSettlerOptions");

const tokenInterface = new Interface(EIP3009_ABI);

/**
 * Settles authorizations itself: submits `transferWithAuthorization` with the settlement key
 * and waits for the receipt. Anyone holding a signed authorization can submit it, so when ours
 * fails the adapter asks the token whether the authorization was used, and if so by which
 * transaction: the payer paid, and is owed the answer.
 */
@injectable()
export class EthersPaymentSettler implements PaymentSettler {
  private readonly provider: JsonRpcProvider;
  private readonly sender: SerialNonceSender;
  private readonly receiptTimeoutMs: number;
  private readonly lookbackBlocks: number;

  constructor(
    @inject(EthersPaymentOptions) options: EthersPaymentOptions,
    @inject(EthersSettlerOptions) settler: EthersSettlerOptions,
  ) {
    this.provider = paymentProvider(options);
    this.sender = new SerialNonceSender(new Wallet(settler.settlementPrivateKey, this.provider));
    this.receiptTimeoutMs = settler.receiptTimeoutMs ?? 60_000;
    this.lookbackBlocks = settler.authorizationLookbackBlocks ?? 5_000;
  }

  /** The address paying settlement gas, for readiness checks and docs. */
  get settlementAddress(): string {
    return this.sender.address;
  }

  /** Stops the provider's timers, for shutdown. */
  close(): void {
    this.provider.destroy();
  }

  settle(
    proof: AuthorizationProof,
    terms: PaymentTerms,
    _resource?: string,
  ): TE.TaskEither<UpstreamFailure, SettlementResult> {
    return async () => {
      try {
        return E.right(await this.run(proof, terms));
      } catch (error) {
        return E.left(upstreamFailure("payment", `settle authorization: ${describeError(error)}`));
      }
    };
  }

  findSettlement(proof: AuthorizationProof, terms: PaymentTerms): TE.TaskEither<UpstreamFailure, AuthorizationOnChain> {
    return async () => {
      try {
        const used = await this.usedBySomeoneElse(proof, terms);
        if (used === null) return E.right({ used: false });
        if (!used.settled && used.broadcast) return E.right({ used: "not_to_payee" });
        const payer = proof.authorization.from;
        if (!used.settled) return E.right({ used: true, payer, transaction: null });
        const sent = await this.provider.getTransaction(used.transaction);
        const ours = sent !== null && sent.from.toLowerCase() === this.sender.address.toLowerCase();
        return E.right({ used: true, payer, transaction: used.transaction, ours });
      } catch (error) {
        return E.left(upstreamFailure("payment", `look up authorization: ${describeError(error)}`));
      }
    };
  }

  private async run(proof: AuthorizationProof, terms: PaymentTerms): Promise<SettlementResult> {
    const { from, to, value, validAfter, validBefore, nonce } = proof.authorization;
    let signature: Signature;
    try {
      signature = Signature.from(proof.signature);
    } catch {
      return { settled: false, reason: "invalid_exact_evm_payload_signature", broadcast: false };
    }
    const data = tokenInterface.encodeFunctionData(TRANSFER_WITH_AUTHORIZATION_VRS, [
      from,
      to,
      value,
      validAfter,
      validBefore,
      nonce,
      signature.v,
      signature.r,
      signature.s,
    ]);
    const request = { to: terms.asset, data };

    let gasLimit: bigint;
    try {
      gasLimit = await this.provider.estimateGas({ ...request, from: this.sender.address });
    } catch (error) {
      if (!isError(error, "CALL_EXCEPTION")) throw error;
      return (
        (await this.usedBySomeoneElse(proof, terms)) ?? {
          settled: false,
          reason: "invalid_transaction_state",
          broadcast: false,
        }
      );
    }

    let hash: string;
    try {
      hash = await this.sender.send({ ...request, gasLimit: (gasLimit * 12n) / 10n });
    } catch (error) {
      // Whatever the node answered, an authorization now used has paid our payee (the signature binds `to`),
      // through our transaction or the payer's own that got in first: that is a settlement, not an unknown
      // outcome. A node may mine a failing transaction and still answer with an error: call it broadcast.
      const used = await this.usedBySomeoneElse(proof, terms);
      if (used !== null) return used;
      if (!isError(error, "CALL_EXCEPTION")) throw error;
      return { settled: false, reason: "invalid_transaction_state", broadcast: true };
    }
    const receipt = await this.provider.waitForTransaction(hash, 1, this.receiptTimeoutMs);
    if (receipt === null) throw new Error(`no receipt for ${hash}`);
    if (receipt.status === 1) return { settled: true, transaction: hash.toLowerCase() as TxHash, payer: from };
    return (
      (await this.usedBySomeoneElse(proof, terms)) ?? {
        settled: false,
        reason: "invalid_transaction_state",
        broadcast: true,
      }
    );
  }

  /**
   * When the authorization was used on chain (not cancelled), the transaction that used it, provided
   * that transaction moved `value` from the payer to our payee: a payer can sign two authorizations
   * with one nonce, spend the other one elsewhere and present this one (then: not settled, "broadcast"
   * so that the key is kept).
   */
  private async usedBySomeoneElse(proof: AuthorizationProof, terms: PaymentTerms): Promise<SettlementResult | null> {
    const { from, nonce } = proof.authorization;
    const token = new Contract(terms.asset, EIP3009_ABI, this.provider);
    const used = (await token.getFunction("authorizationState").staticCall(from, nonce)) as boolean;
    if (!used) return null;
    const head = await this.provider.getBlockNumber();
    const topic = tokenInterface.getEvent("AuthorizationUsed")?.topicHash;
    const logs = await this.provider.getLogs({
      address: terms.asset,
      topics: [topic ?? null, zeroPadValue(from, 32), nonce],
      fromBlock: Math.max(0, head - this.lookbackBlocks),
      toBlock: head,
    });
    const log = logs[0];
    if (log === undefined) return { settled: false, reason: "nonce_already_used", broadcast: false };
    const receipt = await this.provider.getTransactionReceipt(log.transactionHash);
    const paid = receipt?.logs.some(
      (entry) =>
        entry.address.toLowerCase() === terms.asset.toLowerCase() &&
        entry.topics[0] === ERC20_TRANSFER_TOPIC &&
        entry.topics[1]?.toLowerCase() === zeroPadValue(from, 32).toLowerCase() &&
        entry.topics[2]?.toLowerCase() === zeroPadValue(terms.payTo, 32).toLowerCase() &&
        entry.data.length === 66 &&
        BigInt(entry.data) === BigInt(proof.authorization.value),
    );
    if (paid !== true) return { settled: false, reason: "nonce_already_used", broadcast: true };
    return { settled: true, transaction: log.transactionHash.toLowerCase() as TxHash, payer: from };
  }
}
