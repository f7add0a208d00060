// A paying client for the oracle: requests it, reads the 402 challenge, pays with a dev key and
// prints the answer with its settlement receipt.
//   npm run pay -- <address> [--url http://127.0.0.1:3000] [--token] [--proof v1|v2|transfer]
//                  [--key 0x<private key>] [--rpc http://127.0.0.1:8545]
// The key defaults to PAYER_PRIVATE_KEY, else the development mnemonic's account 0 (the embedded
// chain's funded payer). Signing uses ethers: the x402 client libraries are not installed here.
import { Contract, HDNodeWallet, JsonRpcProvider, Mnemonic, Wallet, type Signer } from "ethers";
import { pathToFileURL } from "node:url";
import { EIP3009_ABI } from "../src/adapters/payment/eip3009-contract";
import {
  draftAuthorization,
  offerOf,
  signAuthorization,
  transferNonce,
  transferProofHeader,
  withCommitment,
  x402V1PaymentHeader,
  x402V2PaymentHeader,
} from "../src/adapters/payment/x402-client";
import { decodeBase64Json } from "../src/domain/payment/base64-json";
import type { ChallengeBody, X402V2Requirements } from "../src/domain/payment/payment-challenge";

export type ProofKind = "v1" | "v2" | "transfer";

export interface PayOptions {
  readonly url: string;
  readonly address: string;
  readonly token: boolean;
  readonly proof: ProofKind;
  readonly signer: Signer;
  /** Chain time for the authorization window; the wall clock when no node answers. */
  readonly now: () => Promise<number>;
}

export interface PaidResponse {
  readonly status: number;
  readonly body: unknown;
  readonly paymentResponse: unknown;
  /** What was sent on the retry, for display. */
  readonly sentHeader: string | null;
}

const DEV_MNEMONIC = "test test test test test test test test test test test junk";

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Builds the payment header for the chosen proof from the 402 challenge. */
async function paymentHeader(
  options: PayOptions,
  challenge: ChallengeBody,
  paymentRequired: string | null,
): Promise<Record<string, string>> {
  const accepted = challenge.accepts[0];
  if (accepted === undefined) throw new Error("the challenge offers no way to pay");
  const from = await options.signer.getAddress();
  if (options.proof === "transfer") {
    const { nonce, commitment } = transferNonce();
    const token = new Contract(accepted.asset, EIP3009_ABI, options.signer);
    const calldata = token.interface.encodeFunctionData("transfer", [
      accepted.payTo,
      BigInt(accepted.maxAmountRequired),
    ]);
    const sent = await options.signer.sendTransaction({
      to: accepted.asset,
      data: withCommitment(calldata, commitment),
    });
    await sent.wait();
    return { "X-Payment": transferProofHeader(sent.hash, nonce) };
  }
  const now = await options.now();
  if (options.proof === "v2") {
    const v2 = (paymentRequired === null ? undefined : decodeBase64Json(paymentRequired)) as
      { accepts?: X402V2Requirements[] } | undefined;
    const offer = v2?.accepts?.[0];
    if (offer === undefined) throw new Error("no PAYMENT-REQUIRED header to pay with x402 v2");
    const draft = draftAuthorization(from, offerOf(offer), now);
    const signature = await signAuthorization(options.signer, offerOf(offer), challenge.chainId, draft);
    return { "PAYMENT-SIGNATURE": x402V2PaymentHeader(offer, accepted.resource, draft, signature) };
  }
  const draft = draftAuthorization(from, offerOf(accepted), now);
  const signature = await signAuthorization(options.signer, offerOf(accepted), challenge.chainId, draft);
  return { "X-Payment": x402V1PaymentHeader(accepted, draft, signature) };
}

/** One paid request: ask, read the 402, pay, ask again. */
export async function requestPaidAnswer(options: PayOptions): Promise<PaidResponse> {
  const target = `${options.url.replace(/\/+$/, "")}/api/oracle/${options.token ? "token/" : ""}${options.address}`;
  const first = await fetch(target);
  if (first.status !== 402)
    return { status: first.status, body: await readJson(first), paymentResponse: null, sentHeader: null };
  const challenge = (await readJson(first)) as ChallengeBody;
  const headers = await paymentHeader(options, challenge, first.headers.get("payment-required"));
  const paid = await fetch(target, { headers });
  const receipt = paid.headers.get("payment-response") ?? paid.headers.get("x-payment-response");
  return {
    status: paid.status,
    body: await readJson(paid),
    paymentResponse: receipt === null ? null : decodeBase64Json(receipt),
    sentHeader: Object.keys(headers)[0] ?? null,
  };
}

function argument(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

async function main(args: readonly string[]): Promise<number> {
  const address = args.find((a) => /^0x[0-9a-fA-F]{40}$/.test(a));
  if (address === undefined) {
    console.error(
      "usage: npm run pay -- <address> [--url http://127.0.0.1:3000] [--token] [--proof v1|v2|transfer] [--key 0x..] [--rpc url]",
    );
    return 2;
  }
  const proof = (argument(args, "--proof") ?? "v1") as ProofKind;
  if (!["v1", "v2", "transfer"].includes(proof)) throw new Error(`--proof must be v1, v2 or transfer, not ${proof}`);
  const provider = new JsonRpcProvider(
    argument(args, "--rpc") ?? process.env.RPC_URL?.split(",")[0] ?? "http://127.0.0.1:8545",
  );
  const key = argument(args, "--key") ?? process.env.PAYER_PRIVATE_KEY;
  const signer =
    key === undefined
      ? HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(DEV_MNEMONIC)).connect(provider)
      : new Wallet(key, provider);
  const now = async () => {
    const wallClock = Math.floor(Date.now() / 1000);
    return (await provider.getBlock("latest").catch(() => null))?.timestamp ?? wallClock;
  };
  try {
    const url = argument(args, "--url") ?? "http://127.0.0.1:3000";
    const result = await requestPaidAnswer({ url, address, token: args.includes("--token"), proof, signer, now });
    console.log(`payer ${await signer.getAddress()} sent ${result.sentHeader ?? "no payment"}`);
    console.log(`HTTP ${result.status}`);
    if (result.paymentResponse !== null) console.log("settlement", JSON.stringify(result.paymentResponse, null, 2));
    console.log(JSON.stringify(result.body, null, 2));
    return result.status === 200 ? 0 : 1;
  } finally {
    provider.destroy();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
    console.error(`pay: ${error instanceof Error ? error.message : String(error)}${cause}`);
    return 1;
  });
}
