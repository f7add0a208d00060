import { expect } from "chai";
import nock from "nock";
import { FacilitatorPaymentSettler } from "../../../../src/adapters/payment/facilitator-payment-settler.adapter";
import { FacilitatorPaymentVerifier } from "../../../../src/adapters/payment/facilitator-payment-verifier.adapter";
import { v1Requirements, v2Requirements } from "../../../../src/domain/payment/payment-challenge";
import { NOW, PAYER, TERMS, authorizationProof } from "../../../unit/domain/payment/payment-fixtures";
import { left, right } from "../../contract/support/task-either";
import { emptyRpcBlock } from "../../../support/rpc-block";

const FACILITATOR = "http://facilitator.example.test";
const NODE = "http://rpc.example.test";
const HEAD_TIME = NOW + 7;
const resource = "http://127.0.0.1:3000/api/oracle/0x00000000000000000000000000000000000000aa";
const TX = "0x" + "ab".repeat(32);

interface Payload {
  readonly id: number;
  readonly method: string;
}

/** A latest block as a JSON-RPC node returns it, at HEAD_TIME. */
const block = emptyRpcBlock({
  number: "0x10",
  hash: "0x" + "01".repeat(32),
  parentHash: "0x" + "02".repeat(32),
  timestamp: "0x" + HEAD_TIME.toString(16),
});

function nodeAnswersHead(): void {
  nock(NODE)
    .persist()
    .post("/")
    .reply(200, (_uri, body) => {
      const one = (p: Payload) => ({
        jsonrpc: "2.0",
        id: p.id,
        result: p.method === "eth_getBlockByNumber" ? block : null,
      });
      return Array.isArray(body) ? (body as Payload[]).map(one) : one(body as Payload);
    });
}

describe("x402 facilitator adapters (nock)", () => {
  const options = { url: `${FACILITATOR}/`, timeoutMs: 2_000, headers: { "x-api-key": "k" } };
  const verifier = new FacilitatorPaymentVerifier(options, { rpcUrl: NODE, chainId: TERMS.chainId });
  const settler = new FacilitatorPaymentSettler(options);

  beforeEach(() => {
    nock.disableNetConnect();
    nodeAnswersHead();
  });

  afterEach(() => {
    nock.cleanAll();
    nock.enableNetConnect();
  });

  it("POSTs /verify with the client's payload and v1 requirements, and takes chain time from the head block", async () => {
    const proof = { ...authorizationProof(1), raw: { x402Version: 1, marker: "as sent" } };
    let sent: unknown;
    nock(FACILITATOR)
      .post("/verify")
      .matchHeader("x-api-key", "k")
      .reply(200, (_uri, body) => {
        sent = body;
        return { isValid: true, payer: PAYER };
      });
    expect(await right(verifier.verify(proof, TERMS, resource))).to.deep.equal({
      valid: true,
      payer: PAYER,
      value: 1000n,
      checkedAt: HEAD_TIME,
      replayableUntil: NOW + 300,
    });
    expect(sent).to.deep.equal({
      x402Version: 1,
      paymentPayload: proof.raw,
      paymentRequirements: v1Requirements(TERMS, resource),
    });
  });

  it("sends v2 requirements for a v2 payload", async () => {
    let sent: { paymentRequirements?: unknown; x402Version?: unknown } = {};
    nock(FACILITATOR)
      .post("/verify")
      .reply(200, (_uri, body) => {
        sent = body as typeof sent;
        return { isValid: true };
      });
    await right(verifier.verify(authorizationProof(2), TERMS, resource));
    expect(sent.x402Version).to.equal(2);
    expect(sent.paymentRequirements).to.deep.equal(v2Requirements(TERMS));
  });

  it("passes x402 reasons through and maps v2 SDK spellings onto them", async () => {
    nock(FACILITATOR).post("/verify").reply(200, { isValid: false, invalidReason: "insufficient_funds", payer: PAYER });
    expect(await right(verifier.verify(authorizationProof(1), TERMS, resource))).to.deep.equal({
      valid: false,
      reason: "insufficient_funds",
    });
    nock(FACILITATOR).post("/verify").reply(200, { isValid: false, invalidReason: "invalid_exact_evm_signature" });
    expect(await right(verifier.verify(authorizationProof(1), TERMS, resource))).to.deep.equal({
      valid: false,
      reason: "invalid_exact_evm_payload_signature",
    });
  });

  it("takes a 400 carrying a proper VerifyResponse as the answer", async () => {
    nock(FACILITATOR)
      .post("/verify")
      .reply(400, { isValid: false, invalidReason: "invalid_exact_evm_payload_authorization_valid_before" });
    expect(await right(verifier.verify(authorizationProof(1), TERMS, resource))).to.deep.equal({
      valid: false,
      reason: "invalid_exact_evm_payload_authorization_valid_before",
    });
  });

  it("a 5xx, HTML or a body that is no VerifyResponse is an upstream failure", async () => {
    nock(FACILITATOR).post("/verify").reply(502, { isValid: false });
    expect((await left(verifier.verify(authorizationProof(1), TERMS, resource))).source).to.equal("payment");
    nock(FACILITATOR).post("/verify").reply(200, "<html>oops</html>");
    expect((await left(verifier.verify(authorizationProof(1), TERMS, resource))).detail).to.match(/not JSON/);
    nock(FACILITATOR).post("/verify").reply(200, { valid: "yes" });
    expect((await left(verifier.verify(authorizationProof(1), TERMS, resource))).detail).to.match(/unexpected answer/);
  });

  it("POSTs /settle and returns the transaction", async () => {
    nock(FACILITATOR)
      .post("/settle")
      .reply(200, { success: true, transaction: TX, network: "arc-testnet", payer: PAYER });
    expect(await right(settler.settle(authorizationProof(1), TERMS, resource))).to.deep.equal({
      settled: true,
      transaction: TX,
      payer: PAYER,
    });
  });

  it("a settle failure without a transaction was not broadcast; with one it was", async () => {
    nock(FACILITATOR)
      .post("/settle")
      .reply(200, { success: false, errorReason: "insufficient_funds", transaction: "", network: "arc-testnet" });
    expect(await right(settler.settle(authorizationProof(1), TERMS, resource))).to.deep.equal({
      settled: false,
      reason: "insufficient_funds",
      broadcast: false,
    });
    nock(FACILITATOR).post("/settle").reply(200, {
      success: false,
      errorReason: "invalid_transaction_state",
      transaction: TX,
      network: "arc-testnet",
    });
    expect(await right(settler.settle(authorizationProof(1), TERMS, resource))).to.deep.equal({
      settled: false,
      reason: "invalid_transaction_state",
      broadcast: true,
    });
  });

  it("an unknown settle reason becomes unexpected_settle_error; success without a hash is a failure", async () => {
    nock(FACILITATOR).post("/settle").reply(200, { success: false, errorReason: "brand_new_reason", transaction: "" });
    expect(await right(settler.settle(authorizationProof(1), TERMS, resource))).to.deep.include({
      reason: "unexpected_settle_error",
    });
    nock(FACILITATOR).post("/settle").reply(200, { success: true, transaction: "" });
    expect((await left(settler.settle(authorizationProof(1), TERMS, resource))).detail).to.match(
      /without a transaction hash/,
    );
  });

  it("an unreachable facilitator is an upstream failure", async () => {
    nock(FACILITATOR).post("/settle").replyWithError("connection refused");
    expect((await left(settler.settle(authorizationProof(1), TERMS, resource))).detail).to.match(/facilitator settle/);
  });
});
