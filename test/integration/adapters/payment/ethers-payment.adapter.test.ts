import { expect } from "chai";
import type { Hex } from "../../../../src/domain/chain/chain-types";
import { decodePaymentProof } from "../../../../src/domain/payment/payment-proof-codec";
import type { AuthorizationProof } from "../../../../src/domain/payment/payment-proof";
import { right } from "../../contract/support/task-either";
import { authorize, RESOURCE } from "../../../e2e/payment/support/payments";
import { paymentWorld, type PaymentWorld } from "../../../e2e/payment/support/payment-world";
import { recoverAuthorizationSigner } from "../../../../src/adapters/payment/ethers-payment-verifier.adapter";
import { Contract, Signature, type TransactionRequest } from "ethers";
import { EIP3009_ABI } from "../../../../src/adapters/payment/eip3009-contract";

function proofOf(headers: Record<string, string>): AuthorizationProof {
  const decoded = decodePaymentProof(Object.values(headers)[0] ?? "");
  if (decoded._tag === "Left" || decoded.right.kind !== "authorization") throw new Error("not an authorization");
  return decoded.right;
}

describe("ethers payment adapters against the embedded chain", function () {
  this.timeout(60_000);
  let w: PaymentWorld;

  before(async () => {
    w = await paymentWorld();
  });

  it("recovers the EIP-712 signer under USDC's domain {name, version, chainId, verifyingContract}", async () => {
    const payer = w.wallet(19);
    const proof = proofOf((await authorize(w, payer, 1)).headers);
    expect(recoverAuthorizationSigner(proof, w.terms)).to.equal(payer.address.toLowerCase());
    expect(recoverAuthorizationSigner(proof, { ...w.terms, assetVersion: "1" })).to.not.equal(
      payer.address.toLowerCase(),
    );
    expect(recoverAuthorizationSigner({ ...proof, signature: "0x1234" as Hex }, w.terms)).to.equal(null);
  });

  it("verifies with chain time and keeps the reservation until validBefore", async () => {
    const signed = await authorize(w, w.wallet(19), 1);
    const head = await w.headTime();
    const result = await right(w.verifier.verify(proofOf(signed.headers), w.terms, RESOURCE));
    if (!result.valid) throw new Error(`expected valid, got ${result.reason}`);
    expect(result.checkedAt).to.be.within(head, head + 2);
    expect(result.replayableUntil).to.equal(Number(signed.draft.validBefore));
    expect(result.value).to.equal(1000n);
  });

  it("settles ten different authorizations at once from one settlement key (nonces counted locally)", async () => {
    const payers = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((i) => w.wallet(i));
    const proofs = await Promise.all(payers.map(async (payer) => proofOf((await authorize(w, payer, 1)).headers)));
    const payeeBefore = await w.usdcBalance(w.terms.payTo);
    const results = await Promise.all(proofs.map((proof) => right(w.settler.settle(proof, w.terms, RESOURCE))));
    expect(results.filter((r) => r.settled)).to.have.length(10);
    expect(await w.usdcBalance(w.terms.payTo)).to.equal(payeeBefore + 10_000n);
  });

  it("a signature that cannot be split into v, r, s is refused before anything is sent", async () => {
    const proof = proofOf((await authorize(w, w.wallet(19), 1)).headers);
    expect(await right(w.settler.settle({ ...proof, signature: "0xdead" as Hex }, w.terms, RESOURCE))).to.deep.equal({
      settled: false,
      reason: "invalid_exact_evm_payload_signature",
      broadcast: false,
    });
  });

  it("a settlement the token rejects (expired by now) is refused without broadcasting", async () => {
    const now = BigInt(await w.headTime());
    const proof = proofOf((await authorize(w, w.wallet(19), 1, { validBefore: now - 1n })).headers);
    expect(await right(w.settler.settle(proof, w.terms, RESOURCE))).to.deep.equal({
      settled: false,
      reason: "invalid_transaction_state",
      broadcast: false,
    });
  });

  it("an authorization the payer submits itself between our gas estimate and our send is settled by the payer's transaction", async () => {
    const payer = w.wallet(18);
    const proof = proofOf((await authorize(w, payer, 1)).headers);
    const { from, to, value, validAfter, validBefore, nonce } = proof.authorization;
    const sig = Signature.from(proof.signature);
    // The race the attack suite runs at +0 ms, made deterministic: the payer's own submission is mined
    // just before ours is sent, so our transaction reverts and the node answers with an error.
    const sender = (w.settler as unknown as { sender: { send(request: TransactionRequest): Promise<string> } }).sender;
    const send = sender.send.bind(sender);
    let payersHash = "";
    sender.send = async (request) => {
      const token = new Contract(w.terms.asset, EIP3009_ABI, payer);
      const own = (await token.getFunction("transferWithAuthorization")(
        from,
        to,
        value,
        validAfter,
        validBefore,
        nonce,
        sig.v,
        sig.r,
        sig.s,
      )) as { hash: string; wait(): Promise<unknown> };
      await own.wait();
      payersHash = own.hash.toLowerCase();
      return send(request);
    };
    try {
      const payeeBefore = await w.usdcBalance(w.terms.payTo);
      expect(await right(w.settler.settle(proof, w.terms, RESOURCE))).to.deep.equal({
        settled: true,
        transaction: payersHash,
        payer: from,
      });
      expect(await w.usdcBalance(w.terms.payTo)).to.equal(payeeBefore + value);
    } finally {
      sender.send = send;
    }
  });
});
