import { expect } from "chai";
import * as E from "fp-ts/Either";
import { decodeBase64Json } from "../../../src/domain/payment/base64-json";
import { paidQueryRig } from "./support/paid-query-rig";
import { authorize, transferOnChain } from "./support/payments";
import { paymentWorld, type PaymentWorld } from "./support/payment-world";

describe("paid oracle on the embedded chain: the three proofs", function () {
  this.timeout(60_000);
  let w: PaymentWorld;

  before(async () => {
    w = await paymentWorld();
  });

  it("x402 v1: the authorization is settled on chain and USDC moves from payer to payee", async () => {
    const payer = w.wallet(3);
    const [payerBefore, payeeBefore] = [await w.usdcBalance(payer.address), await w.usdcBalance(w.terms.payTo)];
    const { pay } = paidQueryRig(w);
    const result = await pay((await authorize(w, payer, 1)).headers);
    if (E.isLeft(result)) throw new Error(`expected an answer, got ${JSON.stringify(result.left)}`);
    expect(result.right.answer).to.deep.equal({ score: 80 });
    const header = decodeBase64Json(result.right.headers["X-PAYMENT-RESPONSE"]!) as { transaction: string };
    expect(header).to.deep.include({ success: true, network: "arc-testnet", payer: payer.address.toLowerCase() });
    const receipt = await w.provider.getTransactionReceipt(header.transaction);
    expect(receipt?.status).to.equal(1);
    expect(await w.usdcBalance(payer.address)).to.equal(payerBefore - 1000n);
    expect(await w.usdcBalance(w.terms.payTo)).to.equal(payeeBefore + 1000n);
  });

  it("x402 v2 (PAYMENT-SIGNATURE): settled, with PAYMENT-RESPONSE naming the CAIP-2 network", async () => {
    const payer = w.wallet(4);
    const payeeBefore = await w.usdcBalance(w.terms.payTo);
    const result = await paidQueryRig(w).pay((await authorize(w, payer, 2)).headers);
    if (E.isLeft(result)) throw new Error(`expected an answer, got ${JSON.stringify(result.left)}`);
    expect(decodeBase64Json(result.right.headers["PAYMENT-RESPONSE"]!)).to.deep.include({
      success: true,
      network: "eip155:5042002",
    });
    expect(await w.usdcBalance(w.terms.payTo)).to.equal(payeeBefore + 1000n);
  });

  it("transfer proof: a USDC transfer already on chain buys one answer; nothing more moves", async () => {
    const payer = w.wallet(5);
    const payeeBefore = await w.usdcBalance(w.terms.payTo);
    const transfer = await transferOnChain(w, payer);
    expect(await w.usdcBalance(w.terms.payTo)).to.equal(payeeBefore + 1000n);
    const { pay } = paidQueryRig(w);
    const result = await pay(transfer.headers);
    if (E.isLeft(result)) throw new Error(`expected an answer, got ${JSON.stringify(result.left)}`);
    expect(result.right.settlement).to.deep.equal({
      transaction: transfer.txHash,
      payer: payer.address.toLowerCase(),
      value: 1000n,
    });
    expect(await w.usdcBalance(w.terms.payTo)).to.equal(payeeBefore + 1000n);
    expect(await pay(transfer.headers)).to.deep.equal(E.left({ _tag: "InvalidPayment", reason: "nonce_already_used" }));
  });
});
