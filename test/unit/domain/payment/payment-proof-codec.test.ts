import { expect } from "chai";
import { encodeBase64Json } from "../../../../src/domain/payment/base64-json";
import { decodePaymentProof, findPaymentProof, headerValue } from "../../../../src/domain/payment/payment-proof-codec";
import { NONCE, PAYEE, PAYER, TERMS } from "./payment-fixtures";

const authorization = {
  from: "0x" + "1B".repeat(20),
  to: PAYEE,
  value: "1000",
  validAfter: "1799999400",
  validBefore: "1800000300",
  nonce: NONCE,
};
const signature = "0x" + "ab".repeat(65);
const v1 = { x402Version: 1, scheme: "exact", network: "arc-testnet", payload: { signature, authorization } };
const accepted = {
  scheme: "exact",
  network: "eip155:5042002",
  amount: "1000",
  asset: TERMS.asset,
  payTo: PAYEE,
  maxTimeoutSeconds: 300,
};
const v2 = {
  x402Version: 2,
  resource: { url: "http://x/api/oracle/0x1" },
  accepted,
  payload: { signature, authorization },
};
const txHash = "0x" + "Cd".repeat(32);

describe("payment proof decoding", () => {
  it("decodes an x402 v1 PaymentPayload, lowercasing addresses and reading uint256 strings as bigint", () => {
    const decoded = decodePaymentProof(encodeBase64Json(v1));
    expect(decoded).to.deep.equal({
      _tag: "Right",
      right: {
        kind: "authorization",
        x402Version: 1,
        scheme: "exact",
        network: "arc-testnet",
        accepted: null,
        authorization: {
          from: PAYER,
          to: PAYEE,
          value: 1000n,
          validAfter: 1_799_999_400n,
          validBefore: 1_800_000_300n,
          nonce: NONCE,
        },
        signature,
        raw: v1,
      },
    });
  });

  it("decodes an x402 v2 payload with what it accepted", () => {
    const decoded = decodePaymentProof(encodeBase64Json(v2));
    expect(decoded._tag).to.equal("Right");
    if (decoded._tag !== "Right" || decoded.right.kind !== "authorization") throw new Error("unreachable");
    expect(decoded.right.x402Version).to.equal(2);
    expect(decoded.right.network).to.equal("eip155:5042002");
    expect(decoded.right.accepted).to.deep.include({ amount: "1000", payTo: PAYEE });
  });

  it("accepts hex uint256 fields and base64url", () => {
    const hexValues = {
      ...v1,
      payload: { signature, authorization: { ...authorization, value: "0x3e8", validAfter: 0 } },
    };
    const text = encodeBase64Json(hexValues).replace(/\+/g, "-").replace(/\//g, "_");
    const decoded = decodePaymentProof(text);
    if (decoded._tag !== "Right" || decoded.right.kind !== "authorization") throw new Error("expected a proof");
    expect(decoded.right.authorization.value).to.equal(1000n);
    expect(decoded.right.authorization.validAfter).to.equal(0n);
  });

  it("decodes a transfer proof {txHash, nonce}", () => {
    expect(decodePaymentProof(encodeBase64Json({ txHash, nonce: NONCE }))).to.deep.equal({
      _tag: "Right",
      right: { kind: "transfer", txHash: txHash.toLowerCase(), nonce: NONCE },
    });
  });

  it("invalid_x402_version for a version we do not speak", () => {
    expect(decodePaymentProof(encodeBase64Json({ ...v1, x402Version: 3 }))).to.deep.equal({
      _tag: "Left",
      left: "invalid_x402_version",
    });
    expect(decodePaymentProof(encodeBase64Json({ ...v1, x402Version: "1" }))).to.deep.equal({
      _tag: "Left",
      left: "invalid_x402_version",
    });
  });

  it("invalid_payload for anything malformed", () => {
    const bad = [
      "not base64 at all!",
      "",
      encodeBase64Json("a string"),
      encodeBase64Json([v1]),
      encodeBase64Json({ ...v1, payload: { signature } }),
      encodeBase64Json({ ...v1, payload: { signature: "nothex", authorization } }),
      encodeBase64Json({ ...v1, payload: { signature, authorization: { ...authorization, nonce: "0x1234" } } }),
      encodeBase64Json({ ...v1, payload: { signature, authorization: { ...authorization, value: "-1" } } }),
      encodeBase64Json({
        ...v1,
        payload: { signature, authorization: { ...authorization, value: "0x1" + "0".repeat(64) } },
      }),
      encodeBase64Json({ ...v1, payload: { signature, authorization: { ...authorization, to: "0x1234" } } }),
      encodeBase64Json({ x402Version: 2, payload: { signature, authorization } }),
      encodeBase64Json({ txHash: "0x1234", nonce: NONCE }),
      encodeBase64Json({ txHash }),
    ];
    for (const text of bad)
      expect(decodePaymentProof(text), text).to.deep.equal({ _tag: "Left", left: "invalid_payload" });
  });
});

describe("finding the payment in request headers", () => {
  it("none without a payment header", () => {
    expect(findPaymentProof({ accept: "application/json" })).to.deep.equal({ _tag: "none" });
    expect(findPaymentProof({ "x-payment": "  " })).to.deep.equal({ _tag: "none" });
  });

  it("reads X-Payment in any letter case, and a repeated header by its first value", () => {
    expect(findPaymentProof({ "X-PAYMENT": encodeBase64Json(v1) })._tag).to.equal("proof");
    expect(findPaymentProof({ "x-payment": [encodeBase64Json({ txHash, nonce: NONCE }), "junk"] })._tag).to.equal(
      "proof",
    );
    expect(headerValue({ "X-Payment": "a" }, "x-payment")).to.equal("a");
  });

  it("prefers PAYMENT-SIGNATURE (v2) over X-Payment", () => {
    const found = findPaymentProof({ "payment-signature": encodeBase64Json(v2), "x-payment": "garbage" });
    expect(found._tag === "proof" && found.proof.kind === "authorization" && found.proof.x402Version).to.equal(2);
  });

  it("reports a malformed header with its reason", () => {
    expect(findPaymentProof({ "x-payment": "%%%" })).to.deep.equal({ _tag: "invalid", reason: "invalid_payload" });
  });
});
