import { expect } from "chai";
import { decodeBase64Json, encodeBase64Json } from "../../../../src/domain/payment/base64-json";
import { caip2Network, formatAtomicAmount } from "../../../../src/domain/payment/payment-terms";
import { toPaymentReason } from "../../../../src/domain/payment/payment-reason";

describe("payment terms helpers", () => {
  it("formats atomic amounts without trailing zeros", () => {
    expect(formatAtomicAmount(1000n, 6)).to.equal("0.001");
    expect(formatAtomicAmount(1_000_000n, 6)).to.equal("1");
    expect(formatAtomicAmount(0n, 6)).to.equal("0");
    expect(formatAtomicAmount(123_456_789n, 6)).to.equal("123.456789");
    expect(formatAtomicAmount(-1n, 2)).to.equal("-0.01");
    expect(formatAtomicAmount(42n, 0)).to.equal("42");
  });

  it("names EVM networks by CAIP-2", () => {
    expect(caip2Network({ chainId: 5042002 })).to.equal("eip155:5042002");
  });

  it("base64 JSON round-trips non-ASCII text and rejects what is not base64 JSON", () => {
    expect(decodeBase64Json(encodeBase64Json({ description: "Vertrauen – ✓" }))).to.deep.equal({
      description: "Vertrauen – ✓",
    });
    expect(decodeBase64Json(btoa("{not json"))).to.equal(undefined);
    expect(decodeBase64Json("a b")).to.equal(undefined);
  });

  it("maps reasons from facilitators onto ours, v2 SDK spellings included", () => {
    expect(toPaymentReason("insufficient_funds", "unexpected_verify_error")).to.equal("insufficient_funds");
    expect(toPaymentReason("invalid_exact_evm_signature", "unexpected_verify_error")).to.equal(
      "invalid_exact_evm_payload_signature",
    );
    expect(toPaymentReason("invalid_exact_evm_nonce_already_used", "unexpected_verify_error")).to.equal(
      "nonce_already_used",
    );
    expect(toPaymentReason("something_new", "unexpected_settle_error")).to.equal("unexpected_settle_error");
    expect(toPaymentReason(undefined, "unexpected_verify_error")).to.equal("unexpected_verify_error");
  });
});
