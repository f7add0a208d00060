import { Interface, Transaction, type Wallet } from "ethers";
import {
  draftAuthorization,
  offerOf,
  signAuthorization,
  transferNonce,
  transferProofHeader,
  withCommitment,
  x402V1PaymentHeader,
  x402V2PaymentHeader,
  type AuthorizationDraft,
} from "../../../../src/adapters/payment/x402-client";
import { EIP3009_ABI } from "../../../../src/adapters/payment/eip3009-contract";
import { v1Requirements, v2Requirements } from "../../../../src/domain/payment/payment-challenge";
import type { PaymentWorld } from "./payment-world";

export const RESOURCE = "http://127.0.0.1:3000/api/oracle/0x00000000000000000000000000000000000000aa";
const token = new Interface(EIP3009_ABI);

export interface SignedAuthorization {
  readonly draft: AuthorizationDraft;
  readonly headers: Record<string, string>;
}

/**
 * What an x402 client sends after reading our challenge: a fresh authorization from `payer`,
 * stamped with chain time. `signer` signs in the payer's place to forge a signature.
 */
export async function authorize(
  w: PaymentWorld,
  payer: Wallet,
  version: 1 | 2 = 1,
  change: Partial<AuthorizationDraft> = {},
  signer: Wallet = payer,
): Promise<SignedAuthorization> {
  const requirements = version === 1 ? v1Requirements(w.terms, RESOURCE) : v2Requirements(w.terms);
  const offer = offerOf(requirements);
  const draft = draftAuthorization(payer.address, offer, await w.headTime(), change);
  const signature = await signAuthorization(signer, offer, w.chainId, draft);
  const headers: Record<string, string> =
    version === 1
      ? { "X-Payment": x402V1PaymentHeader(v1Requirements(w.terms, RESOURCE), draft, signature) }
      : { "PAYMENT-SIGNATURE": x402V2PaymentHeader(v2Requirements(w.terms), RESOURCE, draft, signature) };
  return { draft, headers };
}

/** Re-encodes a signed authorization under another envelope (e.g. another network name). */
export function v1Envelope(
  signed: SignedAuthorization,
  envelope: { scheme?: string; network?: string; x402Version?: number },
) {
  const decoded = JSON.parse(Buffer.from(signed.headers["X-Payment"] ?? "", "base64").toString("utf8")) as Record<
    string,
    unknown
  >;
  return { "X-Payment": Buffer.from(JSON.stringify({ ...decoded, ...envelope })).toString("base64") };
}

export interface TransferOptions {
  readonly to?: string;
  readonly value?: bigint;
  /** false: a transfer without the nonce commitment, as a plain wallet would send it. */
  readonly commit?: boolean;
  readonly gasLimit?: bigint;
}

/** Sends USDC on chain as the payer; returns the hash and the nonce for the transfer proof. */
export async function transferOnChain(w: PaymentWorld, payer: Wallet, options: TransferOptions = {}) {
  const { nonce, commitment } = transferNonce();
  const calldata = token.encodeFunctionData("transfer", [options.to ?? w.terms.payTo, options.value ?? w.terms.price]);
  const data = options.commit === false ? calldata : withCommitment(calldata, commitment);
  const response = await payer.sendTransaction({
    to: w.terms.asset,
    data,
    ...(options.gasLimit === undefined ? {} : { gasLimit: options.gasLimit }),
  });
  await response.wait();
  return { txHash: response.hash, nonce, headers: { "X-Payment": transferProofHeader(response.hash, nonce) } };
}

/**
 * A transfer that reverts on chain (more than the payer holds). The dev node reports the
 * failure as an error yet mines the transaction, so its hash comes from the signed bytes.
 */
export async function revertedTransferOnChain(w: PaymentWorld, payer: Wallet) {
  const { nonce, commitment } = transferNonce();
  const data = withCommitment(token.encodeFunctionData("transfer", [w.terms.payTo, 10n ** 30n]), commitment);
  const populated = await payer.populateTransaction({ to: w.terms.asset, data, gasLimit: 100_000n });
  const signed = await payer.signTransaction(populated);
  const txHash = Transaction.from(signed).hash ?? "";
  await w.provider.send("eth_sendRawTransaction", [signed]).catch(() => undefined);
  return { txHash, headers: { "X-Payment": transferProofHeader(txHash, nonce) } };
}
