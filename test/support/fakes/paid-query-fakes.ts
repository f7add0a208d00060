import * as TE from "fp-ts/TaskEither";
import { upstreamFailure, type UpstreamFailure } from "../../../src/application/failures";
import type {
  PaymentSettler,
  SettlementResult,
  AuthorizationOnChain,
} from "../../../src/application/ports/payment-settler.port";
import type { PaymentVerifier, VerificationResult } from "../../../src/application/ports/payment-verifier.port";
import type { TxHash } from "../../../src/domain/chain/chain-types";
import { encodeBase64Json } from "../../../src/domain/payment/base64-json";
import type { PaymentProof } from "../../../src/domain/payment/payment-proof";
import { NONCE, NOW, PAYEE, PAYER, TERMS } from "../../unit/domain/payment/payment-fixtures";

export const SETTLED_TX = ("0x" + "5d".repeat(32)) as TxHash;
export const PAYER_TX = ("0x" + "6e".repeat(32)) as TxHash;

export const validVerification: VerificationResult = {
  valid: true,
  payer: PAYER,
  value: 1000n,
  checkedAt: NOW,
  replayableUntil: NOW + 300,
};

/** Answers with whatever `next` holds; counts calls. */
export class FakeVerifier implements PaymentVerifier {
  calls: PaymentProof[] = [];
  next: TE.TaskEither<UpstreamFailure, VerificationResult> = TE.right(validVerification);
  verify(proof: PaymentProof) {
    this.calls.push(proof);
    return this.next;
  }
}

export class FakeSettler implements PaymentSettler {
  calls = 0;
  next: TE.TaskEither<UpstreamFailure, SettlementResult> = TE.right({
    settled: true,
    transaction: SETTLED_TX,
    payer: PAYER,
  });
  /** What a look on chain finds (the ethers settler's findSettlement). */
  onChain: TE.TaskEither<UpstreamFailure, AuthorizationOnChain> = TE.right({ used: false });
  lookups = 0;
  settle() {
    this.calls += 1;
    return this.next;
  }
  findSettlement() {
    this.lookups += 1;
    return this.onChain;
  }
}

export const unreachable = upstreamFailure("payment", "node down");

const authorization = {
  from: PAYER,
  to: PAYEE,
  value: "1000",
  validAfter: String(NOW - 600),
  validBefore: String(NOW + 300),
  nonce: NONCE,
};

export function v1Header(change: Partial<typeof authorization> = {}): Record<string, string> {
  const payload = { signature: "0x" + "11".repeat(65), authorization: { ...authorization, ...change } };
  return { "x-payment": encodeBase64Json({ x402Version: 1, scheme: "exact", network: "arc-testnet", payload }) };
}

export function v2Header(): Record<string, string> {
  const accepted = {
    scheme: "exact",
    network: "eip155:5042002",
    amount: "1000",
    asset: TERMS.asset,
    payTo: PAYEE,
    maxTimeoutSeconds: 300,
  };
  const payload = { signature: "0x" + "11".repeat(65), authorization };
  return { "PAYMENT-SIGNATURE": encodeBase64Json({ x402Version: 2, accepted, payload }) };
}

export function transferHeader(txHash: string = PAYER_TX): Record<string, string> {
  return { "X-Payment": encodeBase64Json({ txHash, nonce: NONCE }) };
}
