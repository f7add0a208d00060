import { Contract, type HDNodeWallet, type JsonRpcProvider } from "ethers";
import { EIP3009_ABI } from "../../../../src/adapters/payment/eip3009-contract";
import {
  draftAuthorization,
  offerOf,
  signAuthorization,
  x402V1PaymentHeader,
} from "../../../../src/adapters/payment/x402-client";
import type { ChallengeBody } from "../../../../src/domain/payment/payment-challenge";

/** What an x402 client does: read the 402 challenge, sign one authorization, return the header. */
export async function payOnce(url: string, path: string, payer: HDNodeWallet, provider: JsonRpcProvider) {
  const challenge = (await (await fetch(url + path)).json()) as ChallengeBody;
  const accepted = challenge.accepts[0];
  if (accepted === undefined) throw new Error("no offer in the challenge");
  const head = await provider.getBlock("latest");
  const draft = draftAuthorization(payer.address, offerOf(accepted), head!.timestamp);
  const signature = await signAuthorization(payer, offerOf(accepted), challenge.chainId, draft);
  return { "X-Payment": x402V1PaymentHeader(accepted, draft, signature) };
}

export async function usdcBalance(provider: JsonRpcProvider, usdc: string, holder: string): Promise<bigint> {
  return (await new Contract(usdc, EIP3009_ABI, provider).getFunction("balanceOf")(holder)) as bigint;
}
