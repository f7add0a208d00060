import { expect } from "chai";
import * as E from "fp-ts/Either";
import { decodePayeeRequest, paymentOptionsOf, siteOf } from "../../../../src/domain/risk-check/payee-check";
import {
  decodeRiskCheckBatch,
  decodeRiskCheckRequest,
  riskCheckVerdict,
} from "../../../../src/domain/risk-check/risk-check";

const A = "0x00000000000000000000000000000000000000aa";

describe("risk-check requests, verdicts and the payee check's parsing (issue 33 items 1-2)", () => {
  it("min_score and required are the 402 info's types; the verdict applies the facilitator's rule", () => {
    expect(decodeRiskCheckRequest({ address: A, min_score: 60, required: true })).to.deep.equal(
      E.right({ address: A, minScore: 60, required: true }),
    );
    for (const min_score of [-1, 101, 1.5, "60"]) {
      expect(decodeRiskCheckRequest({ address: A, min_score })).to.deep.equal(E.left("invalid_min_score"));
    }
    expect(decodeRiskCheckRequest({ address: A, required: "yes" })).to.deep.equal(E.left("invalid_required"));
    expect(riskCheckVerdict(50, {})).to.deep.equal({});
    expect(riskCheckVerdict(50, { minScore: 60, required: true })).to.deep.equal({
      min_score: 60,
      passed: false,
      invalidReason: "risk-check-failed",
    });
    expect(riskCheckVerdict(50, { minScore: 60 })).to.deep.equal({ min_score: 60, passed: false });
    expect(riskCheckVerdict(60, { minScore: 60, required: true })).to.deep.equal({ min_score: 60, passed: true });
    expect(riskCheckVerdict(0, { required: true })).to.deep.equal({ min_score: 0, passed: true });
  });

  it("a batch is 1-100 requests (or addresses), all-or-nothing with the bad item's index", () => {
    expect(decodeRiskCheckBatch({ addresses: [A, A] })).to.deep.equal(E.right([{ address: A }, { address: A }]));
    expect(decodeRiskCheckBatch({ requests: [] })).to.deep.equal(E.left({ code: "addresses_required" }));
    expect(decodeRiskCheckBatch({ addresses: Array(101).fill(A) })).to.deep.equal(
      E.left({ code: "too_many_addresses", max: 100 }),
    );
    expect(decodeRiskCheckBatch({ requests: [{ address: A }, { address: A, aud: 7 }] })).to.deep.equal(
      E.left({ code: "invalid_audience", index: 1 }),
    );
  });

  it("a payee request is an http(s) URL without credentials, at most 2048 characters", () => {
    expect(decodePayeeRequest({ resource: "https://shop.example/data?q=1" })).to.deep.equal(
      E.right({ resource: "https://shop.example/data?q=1" }),
    );
    for (const resource of [
      "ftp://x.example/",
      "https://u:p@x.example/",
      "not a url",
      7,
      "https://x.example/" + "a".repeat(2048),
    ]) {
      expect(decodePayeeRequest({ resource }), String(resource).slice(0, 30)).to.deep.equal(E.left("invalid_resource"));
    }
  });

  it("reads v1 accepts and v2's header; anything that is not a 402 with options is not a payment challenge", () => {
    const body = JSON.stringify({
      x402Version: 1,
      accepts: [{ scheme: "exact", network: "arc-testnet", maxAmountRequired: "10", payTo: A, asset: A }],
    });
    const v1 = paymentOptionsOf({ status: 402, body, paymentRequiredHeader: null });
    expect(E.isRight(v1) && v1.right[0]).to.deep.include({
      x402Version: 1,
      network: "arc-testnet",
      amount: 10n,
      payTo: A,
    });
    expect(paymentOptionsOf({ status: 200, body, paymentRequiredHeader: null })).to.deep.equal(
      E.left("not_a_payment_challenge"),
    );
    expect(paymentOptionsOf({ status: 402, body: "<html>", paymentRequiredHeader: null })).to.deep.equal(
      E.left("not_a_payment_challenge"),
    );
    expect(paymentOptionsOf({ status: 402, body: '{"accepts": [1, "x"]}', paymentRequiredHeader: null })).to.deep.equal(
      E.left("not_a_payment_challenge"),
    );
  });

  it("unrelated sites: subdomains of one site are one, a two-letter second level keeps three labels", () => {
    expect(siteOf("https://api.shop.example/x")).to.equal("shop.example");
    expect(siteOf("https://www.shop.example/")).to.equal("shop.example");
    expect(siteOf("https://a.shop.co.uk/")).to.equal("shop.co.uk");
    expect(siteOf("http://127.0.0.1:8080/")).to.equal("127.0.0.1");
  });
});
