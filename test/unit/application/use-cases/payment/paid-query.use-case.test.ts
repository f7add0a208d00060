import { expect } from "chai";
import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import { InMemoryPaymentLedger } from "../../../../../src/adapters/storage/in-memory-payment-ledger.adapter";
import type { PaymentLedger } from "../../../../../src/application/ports/payment-ledger.port";
import { PaidQuery } from "../../../../../src/application/use-cases/payment/paid-query.use-case";
import { decodeBase64Json } from "../../../../../src/domain/payment/base64-json";
import type { RequestHeaders } from "../../../../../src/domain/payment/payment-proof-codec";
import { PAYER, STRANGER, TERMS } from "../../../domain/payment/payment-fixtures";
import {
  FakeSettler,
  FakeVerifier,
  PAYER_TX,
  SETTLED_TX,
  transferHeader,
  unreachable,
  v1Header,
  v2Header,
} from "../../../../support/fakes/paid-query-fakes";

const resource = "http://127.0.0.1:3000/api/oracle/0x00000000000000000000000000000000000000aa";

function setup(ledger: PaymentLedger = new InMemoryPaymentLedger()) {
  const verifier = new FakeVerifier();
  const settler = new FakeSettler();
  const paidQuery = new PaidQuery(verifier, settler, ledger, TERMS);
  let computed = 0;
  let computeResult: TE.TaskEither<string, { score: number }> = TE.right({ score: 72 });
  const run = (headers: RequestHeaders) =>
    paidQuery.execute({
      headers,
      resource,
      compute: () => {
        computed += 1;
        return computeResult;
      },
    })();
  return {
    verifier,
    settler,
    ledger,
    run,
    computed: () => computed,
    failComputeWith: (cause: string) => (computeResult = TE.left(cause)),
    computeSucceeds: () => (computeResult = TE.right({ score: 72 })),
  };
}

describe("PaidQuery", () => {
  it("without a payment: the 402 challenge, and nothing is computed or verified", async () => {
    const { run, computed, verifier } = setup();
    const result = await run({});
    if (E.isRight(result) || result.left._tag !== "PaymentRequired") throw new Error("expected PaymentRequired");
    expect(result.left.body).to.deep.include({
      error: "payment_required",
      x402Version: 1,
      amount: "0.001",
      recipient: TERMS.payTo,
    });
    expect(decodeBase64Json(result.left.headers["PAYMENT-REQUIRED"]!)).to.deep.include({ x402Version: 2 });
    expect(computed()).to.equal(0);
    expect(verifier.calls).to.have.length(0);
  });

  it("a malformed header is invalid_payment, checked before any RPC", async () => {
    const { run, verifier } = setup();
    expect(await run({ "x-payment": "!!" })).to.deep.equal(
      E.left({ _tag: "InvalidPayment", reason: "invalid_payload" }),
    );
    expect(verifier.calls).to.have.length(0);
  });

  it("a payment to someone else is refused on its face, before any RPC", async () => {
    const { run, verifier } = setup();
    expect(await run(v1Header({ to: STRANGER }))).to.deep.equal(
      E.left({ _tag: "InvalidPayment", reason: "invalid_exact_evm_payload_recipient_mismatch" }),
    );
    expect(verifier.calls).to.have.length(0);
  });

  it("a verifier's refusal is invalid_payment with its reason; nothing computed, nothing reserved", async () => {
    const { run, verifier, computed, ledger } = setup();
    verifier.next = TE.right({ valid: false, reason: "insufficient_funds" });
    expect(await run(v1Header())).to.deep.equal(E.left({ _tag: "InvalidPayment", reason: "insufficient_funds" }));
    expect(computed()).to.equal(0);
    expect(await ledger.totals()()).to.deep.equal(E.right({ paidQueries: 0, valueMoved: 0n }));
  });

  it("a verifier that cannot be reached is an upstream failure (502)", async () => {
    const { run, verifier } = setup();
    verifier.next = TE.left(unreachable);
    expect(await run(v1Header())).to.deep.equal(E.left(unreachable));
  });

  it("pays with an x402 v1 authorization: computes, settles, answers with X-PAYMENT-RESPONSE and counts it", async () => {
    const { run, settler, computed, ledger } = setup();
    const result = await run(v1Header());
    if (E.isLeft(result)) throw new Error(`expected an answer, got ${JSON.stringify(result.left)}`);
    expect(result.right.answer).to.deep.equal({ score: 72 });
    expect(result.right.settlement).to.deep.equal({ transaction: SETTLED_TX, payer: PAYER, value: 1000n });
    expect(decodeBase64Json(result.right.headers["X-PAYMENT-RESPONSE"]!)).to.deep.equal({
      success: true,
      transaction: SETTLED_TX,
      network: "arc-testnet",
      payer: PAYER,
    });
    expect(result.right.headers["PAYMENT-RESPONSE"]).to.equal(undefined);
    expect([computed(), settler.calls]).to.deep.equal([1, 1]);
    expect(await ledger.totals()()).to.deep.equal(E.right({ paidQueries: 1, valueMoved: 1000n }));
  });

  it("pays with x402 v2 and answers with PAYMENT-RESPONSE too", async () => {
    const { run } = setup();
    const result = await run(v2Header());
    if (E.isLeft(result)) throw new Error("expected an answer");
    expect(decodeBase64Json(result.right.headers["PAYMENT-RESPONSE"]!)).to.deep.include({ network: "eip155:5042002" });
  });

  it("a transfer proof needs no settlement: the payer's own transaction is the receipt", async () => {
    const { run, settler } = setup();
    const result = await run(transferHeader());
    if (E.isLeft(result)) throw new Error("expected an answer");
    expect(result.right.settlement.transaction).to.equal(PAYER_TX);
    expect(settler.calls).to.equal(0);
  });

  it("the same payment twice is served once", async () => {
    const { run, computed } = setup();
    expect(E.isRight(await run(v1Header()))).to.equal(true);
    expect(await run(v1Header())).to.deep.equal(E.left({ _tag: "InvalidPayment", reason: "nonce_already_used" }));
    expect(await run(v2Header())).to.deep.equal(E.left({ _tag: "InvalidPayment", reason: "nonce_already_used" }));
    expect(computed()).to.equal(1);
  });

  it("of 20 concurrent requests with one payment exactly one is served", async () => {
    const { run, computed, settler } = setup();
    const results = await Promise.all(Array.from({ length: 20 }, () => run(v1Header())));
    expect(results.filter(E.isRight)).to.have.length(1);
    const refusals = results.filter(E.isLeft).map((r) => r.left);
    expect(refusals).to.have.length(19);
    expect(new Set(refusals.map((r) => JSON.stringify(r)))).to.deep.equal(
      new Set([JSON.stringify({ _tag: "InvalidPayment", reason: "nonce_already_used" })]),
    );
    expect([computed(), settler.calls]).to.deep.equal([1, 1]);
  });

  it("a scoring failure settles nothing and frees the payment for a retry", async () => {
    const { run, settler, failComputeWith, ledger } = setup();
    failComputeWith("scoring_unavailable");
    expect(await run(v1Header())).to.deep.equal(E.left({ _tag: "ComputeFailed", cause: "scoring_unavailable" }));
    expect(settler.calls).to.equal(0);
    expect(await ledger.totals()()).to.deep.equal(E.right({ paidQueries: 0, valueMoved: 0n }));
  });

  it("after a scoring failure the same payment buys the answer on retry", async () => {
    const { run, failComputeWith, computeSucceeds, computed } = setup();
    failComputeWith("down");
    expect(E.isLeft(await run(v1Header()))).to.equal(true);
    computeSucceeds();
    expect(E.isRight(await run(v1Header()))).to.equal(true);
    expect(computed()).to.equal(2);
  });

  it("settlement refused before broadcast: no answer, no charge, and the payment may be retried", async () => {
    const { run, settler, ledger } = setup();
    settler.next = TE.right({ settled: false, reason: "invalid_transaction_state", broadcast: false });
    expect(await run(v1Header())).to.deep.equal(
      E.left({ _tag: "InvalidPayment", reason: "invalid_transaction_state" }),
    );
    settler.next = TE.right({ settled: true, transaction: SETTLED_TX, payer: PAYER });
    expect(E.isRight(await run(v1Header()))).to.equal(true);
    expect(await ledger.totals()()).to.deep.equal(E.right({ paidQueries: 1, valueMoved: 1000n }));
  });

  it("settlement failed after broadcast: no answer, and the payment stays spent", async () => {
    const { run, settler } = setup();
    settler.next = TE.right({ settled: false, reason: "invalid_transaction_state", broadcast: true });
    expect(await run(v1Header())).to.deep.equal(
      E.left({ _tag: "InvalidPayment", reason: "invalid_transaction_state" }),
    );
    settler.next = TE.right({ settled: true, transaction: SETTLED_TX, payer: PAYER });
    expect(await run(v1Header())).to.deep.equal(E.left({ _tag: "InvalidPayment", reason: "nonce_already_used" }));
  });

  it("settlement outcome unknown: SettlementUnknown (retry safe), and the key is kept for that retry (issue 13 item 3)", async () => {
    const { run, settler, ledger } = setup();
    settler.next = TE.left(unreachable);
    expect(await run(v1Header())).to.deep.equal(E.left({ _tag: "SettlementUnknown", detail: unreachable.detail }));
    // Still not known on a retry (the chain cannot be read either): the same honest answer, nothing counted.
    settler.onChain = TE.left(unreachable);
    expect(await run(v1Header())).to.deep.include({ _tag: "Left" });
    expect(await ledger.totals()()).to.deep.equal(E.right({ paidQueries: 0, valueMoved: 0n }));
  });

  it("a retry after an unknown outcome finds the money moved on chain and serves the answer, once", async () => {
    const { run, settler, verifier, ledger, computed } = setup();
    settler.next = TE.left(unreachable);
    await run(v1Header());
    // The settlement did land: the chain now says the authorization was used, by SETTLED_TX.
    verifier.next = TE.right({ valid: false, reason: "nonce_already_used" });
    settler.onChain = TE.right({ used: true, transaction: SETTLED_TX, payer: PAYER });
    const retried = await run(v1Header());
    expect(E.isRight(retried) && retried.right.settlement).to.deep.equal({
      transaction: SETTLED_TX,
      payer: PAYER,
      value: 1000n,
    });
    expect(settler.calls).to.equal(1); // nothing was sent again
    expect(await run(v1Header())).to.deep.equal(E.left({ _tag: "InvalidPayment", reason: "nonce_already_used" }));
    expect(await ledger.totals()()).to.deep.equal(E.right({ paidQueries: 1, valueMoved: 1000n }));
    expect(computed()).to.equal(2);
  });

  it("a retry after an unknown outcome that finds the authorization unused settles it afresh", async () => {
    const { run, settler, ledger } = setup();
    settler.next = TE.left(unreachable);
    await run(v1Header());
    settler.next = TE.right({ settled: true, transaction: SETTLED_TX, payer: PAYER });
    settler.onChain = TE.right({ used: false });
    expect(E.isRight(await run(v1Header()))).to.equal(true);
    expect(settler.calls).to.equal(2);
    expect(await ledger.totals()()).to.deep.equal(E.right({ paidQueries: 1, valueMoved: 1000n }));
  });

  it("an authorization someone else submitted before we saw it (payee paid, never in our ledger) is served once (issue 33 item 6)", async () => {
    const { run, settler, verifier, ledger, computed } = setup();
    verifier.next = TE.right({ valid: false, reason: "nonce_already_used" });
    settler.onChain = TE.right({ used: true, transaction: PAYER_TX, payer: PAYER });
    const first = await run(v1Header());
    expect(E.isRight(first) && first.right.settlement).to.deep.equal({
      transaction: PAYER_TX,
      payer: PAYER,
      value: 1000n,
    });
    expect(settler.calls).to.equal(0); // nothing sent: the money already moved
    expect(await run(v1Header())).to.deep.equal(E.left({ _tag: "InvalidPayment", reason: "nonce_already_used" }));
    // Its transaction cannot buy a second answer as a transfer proof either.
    verifier.next = TE.right({ valid: true, payer: PAYER, value: 1000n, checkedAt: 0, replayableUntil: 10 ** 10 });
    expect(await run(transferHeader(PAYER_TX))).to.deep.equal(
      E.left({ _tag: "InvalidPayment", reason: "nonce_already_used" }),
    );
    expect(await ledger.totals()()).to.deep.equal(E.right({ paidQueries: 1, valueMoved: 1000n }));
    expect(computed()).to.equal(1);
  });

  it("of concurrent presentations of a front-run authorization exactly one is answered", async () => {
    const { run, settler, verifier } = setup();
    verifier.next = TE.right({ valid: false, reason: "nonce_already_used" });
    settler.onChain = TE.right({ used: true, transaction: PAYER_TX, payer: PAYER });
    const results = await Promise.all(Array.from({ length: 10 }, () => run(v1Header())));
    expect(results.filter(E.isRight)).to.have.length(1);
  });

  it("a key our ledger forgot (in-memory, restarted) whose settlement our own key sent is not a front-run: refused", async () => {
    const { run, settler, verifier, computed } = setup();
    verifier.next = TE.right({ valid: false, reason: "nonce_already_used" });
    settler.onChain = TE.right({ used: true, transaction: SETTLED_TX, payer: PAYER, ours: true });
    expect(await run(v1Header())).to.deep.equal(E.left({ _tag: "InvalidPayment", reason: "nonce_already_used" }));
    expect(computed()).to.equal(0);
  });

  it("an authorization whose nonce paid someone else (not our payee) buys nothing", async () => {
    const { run, settler, verifier, computed } = setup();
    verifier.next = TE.right({ valid: false, reason: "nonce_already_used" });
    settler.onChain = TE.right({ used: "not_to_payee" });
    expect(await run(v1Header())).to.deep.equal(E.left({ _tag: "InvalidPayment", reason: "nonce_already_used" }));
    expect(computed()).to.equal(0);
  });

  it("of concurrent retries after an unknown outcome exactly one is answered", async () => {
    const { run, settler, verifier } = setup();
    settler.next = TE.left(unreachable);
    await run(v1Header());
    verifier.next = TE.right({ valid: false, reason: "nonce_already_used" });
    settler.onChain = TE.right({ used: true, transaction: SETTLED_TX, payer: PAYER });
    const results = await Promise.all(Array.from({ length: 10 }, () => run(v1Header())));
    expect(results.filter(E.isRight)).to.have.length(1);
  });

  it("settling an authorization spends its transaction's key: it cannot be presented again as a transfer proof", async () => {
    const { run, verifier, ledger } = setup();
    expect(E.isRight(await run(v1Header()))).to.equal(true);
    verifier.next = TE.right({ valid: true, payer: PAYER, value: 1000n, checkedAt: 1, replayableUntil: 10 ** 12 });
    const asTransfer = await run(transferHeader(SETTLED_TX));
    expect(asTransfer).to.deep.equal(E.left({ _tag: "InvalidPayment", reason: "nonce_already_used" }));
    expect(await ledger.totals()()).to.deep.equal(E.right({ paidQueries: 1, valueMoved: 1000n }));
  });

  it("a ledger that cannot be reached stops the query before anything is computed", async () => {
    const broken = new InMemoryPaymentLedger();
    broken.reserve = () => TE.left(unreachable);
    const { run, computed } = setup(broken);
    expect(await run(v1Header())).to.deep.equal(E.left(unreachable));
    expect(computed()).to.equal(0);
  });

  it("uses per-call terms when given (another price)", async () => {
    const { verifier, settler, ledger } = setup();
    const paidQuery = new PaidQuery(verifier, settler, ledger, TERMS);
    const result = await paidQuery.execute({
      headers: {},
      resource,
      terms: { ...TERMS, price: 5000n },
      compute: () => TE.right(1),
    })();
    if (E.isRight(result) || result.left._tag !== "PaymentRequired") throw new Error("expected PaymentRequired");
    expect(result.left.body.amount).to.equal("0.005");
  });
});
