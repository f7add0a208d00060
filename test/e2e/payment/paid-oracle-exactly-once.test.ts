import { expect } from "chai";
import { Contract, Signature } from "ethers";
import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import { EIP3009_ABI, TRANSFER_WITH_AUTHORIZATION_VRS } from "../../../src/adapters/payment/eip3009-contract";
import { PostgresPaymentLedger } from "../../../src/adapters/storage/postgres-payment-ledger.adapter";
import { right } from "../../integration/contract/support/task-either";
import { migratedSchema, type MigratedSchema } from "../../support/migrated-schema";
import { paidQueryRig } from "./support/paid-query-rig";
import { authorize, transferOnChain } from "./support/payments";
import { paymentWorld, type PaymentWorld } from "./support/payment-world";

const nonceUsed = { _tag: "InvalidPayment", reason: "nonce_already_used" };

describe("paid oracle on the embedded chain: one payment buys exactly one answer", function () {
  this.timeout(60_000);
  let db: MigratedSchema;
  let w: PaymentWorld;
  let ledger: PostgresPaymentLedger;

  before(async () => {
    w = await paymentWorld();
    db = await migratedSchema("ledger_e2e");
    ledger = new PostgresPaymentLedger({ pool: db.pool });
  });

  after(async () => {
    await db.drop();
  });

  it("the same payment sent twice is served once and charged once", async () => {
    const payer = w.wallet(11);
    const before = await w.usdcBalance(payer.address);
    const { pay, computed } = paidQueryRig(w, ledger);
    const signed = await authorize(w, payer, 1);
    expect(E.isRight(await pay(signed.headers))).to.equal(true);
    expect(await pay(signed.headers)).to.deep.equal(E.left(nonceUsed));
    expect(computed()).to.equal(1);
    expect(await w.usdcBalance(payer.address)).to.equal(before - 1000n);
    expect((await right(ledger.totals())).paidQueries).to.equal(1);
  });

  it("20 concurrent requests with one payment: exactly one answer, one settlement", async () => {
    const payer = w.wallet(12);
    const before = await w.usdcBalance(payer.address);
    const { pay, computed } = paidQueryRig(w, ledger);
    const signed = await authorize(w, payer, 1);
    const results = await Promise.all(Array.from({ length: 20 }, () => pay(signed.headers)));
    expect(results.filter(E.isRight)).to.have.length(1);
    expect(results.filter(E.isLeft).map((r) => r.left)).to.deep.equal(Array.from({ length: 19 }, () => nonceUsed));
    expect(computed()).to.equal(1);
    expect(await w.usdcBalance(payer.address)).to.equal(before - 1000n);
  });

  it("20 concurrent requests with one transfer proof: exactly one answer", async () => {
    const transfer = await transferOnChain(w, w.wallet(13));
    const { pay, computed } = paidQueryRig(w, ledger);
    const results = await Promise.all(Array.from({ length: 20 }, () => pay(transfer.headers)));
    expect(results.filter(E.isRight)).to.have.length(1);
    expect(computed()).to.equal(1);
  });

  it("a scoring failure settles nothing; the same authorization later buys the answer", async () => {
    const payer = w.wallet(14);
    const before = await w.usdcBalance(payer.address);
    const { pay } = paidQueryRig(w, ledger);
    const signed = await authorize(w, payer, 1);
    expect(await pay(signed.headers, () => TE.left("scoring_unavailable"))).to.deep.equal(
      E.left({ _tag: "ComputeFailed", cause: "scoring_unavailable" }),
    );
    expect(await w.usdcBalance(payer.address)).to.equal(before);
    expect(await w.usdc.getFunction("authorizationState").staticCall(payer.address, signed.draft.nonce)).to.equal(
      false,
    );
    expect(E.isRight(await pay(signed.headers))).to.equal(true);
    expect(await w.usdcBalance(payer.address)).to.equal(before - 1000n);
  });

  it("if the payer empties their balance before settlement: no answer and no charge", async () => {
    const payer = w.wallet(15);
    const sink = w.wallet(16).address;
    const { pay } = paidQueryRig(w, ledger);
    const signed = await authorize(w, payer, 1);
    const drain = async () => {
      const token = new Contract(w.terms.asset, EIP3009_ABI, payer);
      const balance = await w.usdcBalance(payer.address);
      await (await token.getFunction("transfer")(sink, balance)).wait();
      return { score: 1 };
    };
    const result = await pay(signed.headers, () => TE.tryCatch(drain, String));
    expect(result).to.deep.equal(E.left({ _tag: "InvalidPayment", reason: "invalid_transaction_state" }));
    expect(await w.usdcBalance(payer.address)).to.equal(0n);
    expect(await w.usdc.getFunction("authorizationState").staticCall(payer.address, signed.draft.nonce)).to.equal(
      false,
    );
  });

  it("if someone else submits the authorization first, the payer still gets the answer (they paid)", async () => {
    const payer = w.wallet(17);
    const before = await w.usdcBalance(payer.address);
    const { pay } = paidQueryRig(w, ledger);
    const signed = await authorize(w, payer, 1);
    let frontRunTx = "";
    const frontRun = async () => {
      const { draft } = signed;
      const payload = JSON.parse(Buffer.from(signed.headers["X-Payment"] ?? "", "base64").toString()) as {
        payload: { signature: string };
      };
      const sig = Signature.from(payload.payload.signature);
      const token = new Contract(w.terms.asset, EIP3009_ABI, w.wallet(18));
      const tx = await token.getFunction(TRANSFER_WITH_AUTHORIZATION_VRS)(
        draft.from,
        draft.to,
        draft.value,
        draft.validAfter,
        draft.validBefore,
        draft.nonce,
        sig.v,
        sig.r,
        sig.s,
      );
      await tx.wait();
      frontRunTx = String(tx.hash).toLowerCase();
      return { score: 2 };
    };
    const result = await pay(signed.headers, () => TE.tryCatch(frontRun, String));
    if (E.isLeft(result)) throw new Error(`expected an answer, got ${JSON.stringify(result.left)}`);
    expect(result.right.settlement.transaction).to.equal(frontRunTx);
    expect(await w.usdcBalance(payer.address)).to.equal(before - 1000n);
  });
});
