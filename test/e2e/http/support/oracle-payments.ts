import {
  draftAuthorization,
  offerOf,
  signAuthorization,
  x402V1PaymentHeader,
} from "../../../../src/adapters/payment/x402-client";
import type { ChallengeBody } from "../../../../src/domain/payment/payment-challenge";
import type { AppWorld } from "./app-world";
import { getJson } from "./http-client";

/** Reads the 402 challenge of `path` (it must be one) as an x402 client would. */
export async function challengeOf(w: AppWorld, path: string): Promise<ChallengeBody> {
  const challenge = await getJson<ChallengeBody>(w.url + path);
  if (challenge.status !== 402) throw new Error(`expected 402 from ${path}, got ${challenge.status}`);
  return challenge.body;
}

/** A fresh x402 v1 `X-Payment` header from the payer, answering the challenge of `path`. */
export async function freshV1Payment(w: AppWorld, path: string): Promise<Record<string, string>> {
  const challenge = await challengeOf(w, path);
  const accepted = challenge.accepts[0];
  if (accepted === undefined) throw new Error("the challenge offers no way to pay");
  const offer = offerOf(accepted);
  const draft = draftAuthorization(w.payer.address, offer, await w.headTime());
  const signature = await signAuthorization(w.payer, offer, challenge.chainId, draft);
  return { "X-Payment": x402V1PaymentHeader(accepted, draft, signature) };
}
