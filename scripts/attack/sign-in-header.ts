import type { Wallet } from "ethers";
import { createSIWxPayload, encodeSIWxHeader, type CompleteSIWxInfo } from "@x402/extensions/sign-in-with-x";
import type { AttackWorld } from "./attack-world";

interface Declared {
  readonly info: Omit<CompleteSIWxInfo, "chainId" | "type">;
  readonly supportedChains: readonly { chainId: string; type: "eip191" }[];
}

/**
 * A `SIGN-IN-WITH-X` header answering the server's own challenge at `path`, signed by `payer`,
 * with its nonce replaced by `nonce`: everything but the nonce is what an honest client sends.
 */
export async function signInHeader(w: AttackWorld, path: string, payer: Wallet, nonce: string): Promise<string> {
  const response = await fetch(w.url + path);
  const required = JSON.parse(
    Buffer.from(response.headers.get("payment-required") ?? "", "base64").toString("utf8"),
  ) as {
    resource: { url: string };
    extensions?: Record<string, Declared>;
  };
  const declared = required.extensions?.["sign-in-with-x"];
  const chain = declared?.supportedChains[0];
  if (declared === undefined || chain === undefined) throw new Error(`${path} declares no sign-in-with-x`);
  const info = { ...declared.info, nonce, chainId: chain.chainId, type: chain.type };
  const signer = {
    address: payer.address,
    signMessage: ({ message }: { message: string }) => payer.signMessage(message),
  };
  return encodeSIWxHeader(await createSIWxPayload(info, signer, required.resource.url));
}
