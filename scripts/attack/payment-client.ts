import { Interface, Signature, Transaction, type Wallet } from "ethers";
import { EIP3009_ABI, TRANSFER_WITH_AUTHORIZATION_VRS } from "../../src/adapters/payment/eip3009-contract";
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
} from "../../src/adapters/payment/x402-client";
import type { ChallengeBody, X402V1Requirements, X402V2Requirements } from "../../src/domain/payment/payment-challenge";
import type { AttackWorld } from "./attack-world";

const token = new Interface(EIP3009_ABI);

/** What the server asks for at `path`, in both protocol versions. */
export interface Challenge {
  readonly v1: X402V1Requirements;
  readonly v2: X402V2Requirements;
  readonly resource: string;
  readonly chainId: number;
}

export async function challengeAt(w: AttackWorld, path: string): Promise<Challenge> {
  const response = await fetch(w.url + path);
  if (response.status !== 402) throw new Error(`expected 402 from ${path}, got ${response.status}`);
  const body = (await response.json()) as ChallengeBody;
  const v2 = JSON.parse(Buffer.from(response.headers.get("payment-required") ?? "", "base64").toString("utf8")) as {
    resource: { url: string };
    accepts: X402V2Requirements[];
  };
  const [v1Offer, v2Offer] = [body.accepts[0], v2.accepts[0]];
  if (v1Offer === undefined || v2Offer === undefined) throw new Error(`${path} offers no way to pay`);
  return { v1: v1Offer, v2: v2Offer, resource: v2.resource.url, chainId: body.chainId };
}

/** One signed EIP-3009 authorization, presentable under every envelope. */
export interface Signed {
  readonly draft: AuthorizationDraft;
  readonly signature: string;
  readonly v1: Record<string, string>;
  readonly v2: Record<string, string>;
}

/** `value`: what the authorization moves, the price unless given. */
export async function signPayment(
  w: AttackWorld,
  payer: Wallet,
  challenge: Challenge,
  value?: bigint,
): Promise<Signed> {
  const offer = offerOf(challenge.v1);
  const draft = draftAuthorization(payer.address, offer, await w.headTime(), value === undefined ? {} : { value });
  const signature = await signAuthorization(payer, offer, challenge.chainId, draft);
  return {
    draft,
    signature,
    v1: { "X-Payment": x402V1PaymentHeader(challenge.v1, draft, signature) },
    v2: { "PAYMENT-SIGNATURE": x402V2PaymentHeader(challenge.v2, challenge.resource, draft, signature) },
  };
}

/** A committed USDC transfer of `value` (the price unless given) to payTo, mined; the proof header and its block. */
export async function transferPayment(w: AttackWorld, payer: Wallet, challenge: Challenge, value?: bigint) {
  const { nonce, commitment } = transferNonce();
  const amount = value ?? BigInt(challenge.v1.maxAmountRequired);
  const data = withCommitment(token.encodeFunctionData("transfer", [challenge.v1.payTo, amount]), commitment);
  const receipt = await (await payer.sendTransaction({ to: challenge.v1.asset, data })).wait();
  if (receipt === null || receipt.status !== 1) throw new Error("the attack's transfer failed on chain");
  const block = await w.provider.getBlock(receipt.blockNumber);
  return {
    txHash: receipt.hash,
    blockTimestamp: block?.timestamp ?? 0,
    proof: { "X-Payment": transferProofHeader(receipt.hash, nonce) },
  };
}

/**
 * The payer submits its own authorization to USDC with keccak256(secret) appended to the calldata
 * (the token ignores trailing bytes), then may present `{txHash, nonce: secret}` as a transfer proof.
 */
export async function submitDirectly(
  w: AttackWorld,
  payer: Wallet,
  signed: Signed,
  asset: string,
  priorityFee?: bigint,
) {
  const { nonce, commitment } = transferNonce();
  const sig = Signature.from(signed.signature);
  const { draft } = signed;
  const calldata = token.encodeFunctionData(TRANSFER_WITH_AUTHORIZATION_VRS, [
    draft.from,
    draft.to,
    draft.value,
    draft.validAfter,
    draft.validBefore,
    draft.nonce,
    sig.v,
    sig.r,
    sig.s,
  ]);
  // Signed by hand: if the server settled first the dev node reports the revert as an error yet
  // mines the transaction, and the attacker still holds its hash.
  const fees = priorityFee === undefined ? {} : { maxPriorityFeePerGas: priorityFee, maxFeePerGas: priorityFee * 2n };
  const populated = await payer.populateTransaction({
    to: asset,
    data: withCommitment(calldata, commitment),
    gasLimit: 200_000n,
    ...fees,
  });
  const raw = await payer.signTransaction(populated);
  const txHash = Transaction.from(raw).hash ?? "";
  await w.provider.send("eth_sendRawTransaction", [raw]).catch(() => undefined);
  return { txHash, proof: { "X-Payment": transferProofHeader(txHash, nonce) } };
}
