import { expect } from "chai";
import { Wallet } from "ethers";
import * as E from "fp-ts/Either";
import { createSIWxPayload, encodeSIWxHeader, type CompleteSIWxInfo } from "@x402/extensions/sign-in-with-x";
import { X402SignInWithX } from "../../../../../src/adapters/payment/x402-sign-in-with-x.adapter";
import { InMemoryPurchaseStore } from "../../../../../src/adapters/storage/in-memory-purchase-store.adapter";
import { PaidAnswerReaccess } from "../../../../../src/application/use-cases/payment/paid-answer-reaccess";

const NETWORK = "eip155:5042002";
const resource = "http://127.0.0.1/api/oracle/0x" + "11".repeat(20);
const wallet = Wallet.createRandom();
const bought = {
  answer: { score: 71 },
  headers: { "PAYMENT-RESPONSE": "e30=" },
  settlement: { transaction: "0x" + "ab".repeat(32), payer: wallet.address.toLowerCase(), value: "1000" },
};

/** The use-case on the real sign-in adapter and a wall clock (the package checks message times against it). */
function rig() {
  const purchases = new InMemoryPurchaseStore();
  const signIn = new X402SignInWithX(() => "http://127.0.0.1", NETWORK);
  const reaccess = new PaidAnswerReaccess(signIn, purchases, { nowMs: () => Date.now() }, { lifetimeMs: 3_600_000 });
  /** A `SIGN-IN-WITH-X` header answering this service's own challenge, with `nonce` if given. */
  const header = async (nonce?: string) => {
    const declared = reaccess.declaration(resource)["sign-in-with-x"] as { info: Omit<CompleteSIWxInfo, "chainId"> };
    const info = { ...declared.info, nonce: nonce ?? declared.info.nonce, chainId: NETWORK, type: "eip191" as const };
    const signer = {
      address: wallet.address,
      signMessage: ({ message }: { message: string }) => wallet.signMessage(message),
    };
    return encodeSIWxHeader(await createSIWxPayload(info, signer, resource));
  };
  const reread = async (signedIn: string) => reaccess.reread({ "sign-in-with-x": signedIn }, resource);
  const buy = async () => reaccess.record(wallet.address, resource, bought);
  return { header, reread, buy };
}

const refused = (reason: string) => E.left({ _tag: "SignInRefused", reason });

describe("PaidAnswerReaccess (x402 sign-in-with-x)", () => {
  it("serves the bought answer once per nonce", async () => {
    const { header, reread, buy } = rig();
    await buy();
    const signedIn = await header();
    const first = await reread(signedIn);
    expect(E.isRight(first) && first.right?.response).to.deep.equal(bought);
    expect(await reread(signedIn)).to.deep.equal(refused("invalid_siwx_nonce"));
  });

  it("a signer who bought nothing gets null and consumes no nonce: the same sign-in works once it has bought", async () => {
    // Issue 28/5: the nonce was consumed before the purchase was looked up.
    const { header, reread, buy } = rig();
    const signedIn = await header();
    expect(await reread(signedIn)).to.deep.equal(E.right(null));
    await buy();
    const after = await reread(signedIn);
    expect(E.isRight(after) && after.right?.response).to.deep.equal(bought);
  });

  it("refuses a nonce over 64 characters with invalid_siwx_nonce_too_long; 64 are enough", async () => {
    const { header, reread, buy } = rig();
    await buy();
    expect(await reread(await header("n".repeat(65)))).to.deep.equal(refused("invalid_siwx_nonce_too_long"));
    expect(await reread(await header("n".repeat(5_000)))).to.deep.equal(refused("invalid_siwx_nonce_too_long"));
    const longest = await reread(await header("n".repeat(64)));
    expect(E.isRight(longest) && longest.right?.response).to.deep.equal(bought);
  });
});
