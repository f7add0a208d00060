import { expect } from "chai";
import { decodeBase64Json } from "../../../../src/domain/payment/base64-json";
import { challengeBody, paymentRequiredHeader } from "../../../../src/domain/payment/payment-challenge";
import { PAYEE, TERMS } from "./payment-fixtures";

const resource = "http://127.0.0.1:3000/api/oracle/0x00000000000000000000000000000000000000aa";

describe("402 challenge", () => {
  it("the body is an x402 v1 challenge plus readable amount, currency, network, chain and recipient", () => {
    expect(challengeBody(TERMS, resource)).to.deep.equal({
      error: "payment_required",
      x402Version: 1,
      accepts: [
        {
          scheme: "exact",
          network: "arc-testnet",
          maxAmountRequired: "1000",
          resource,
          description: TERMS.description,
          mimeType: "application/json",
          payTo: PAYEE,
          maxTimeoutSeconds: 300,
          asset: "0x3600000000000000000000000000000000000000",
          extra: { name: "USDC", version: "2" },
        },
      ],
      amount: "0.001",
      currency: "USDC",
      network: "arc-testnet",
      chainId: 5042002,
      recipient: PAYEE,
    });
  });

  it("PAYMENT-REQUIRED is the base64 x402 v2 PaymentRequired with a CAIP-2 network", () => {
    expect(decodeBase64Json(paymentRequiredHeader(TERMS, resource))).to.deep.equal({
      x402Version: 2,
      error: "PAYMENT-SIGNATURE header is required",
      resource: { url: resource, description: TERMS.description, mimeType: "application/json" },
      accepts: [
        {
          scheme: "exact",
          network: "eip155:5042002",
          amount: "1000",
          asset: "0x3600000000000000000000000000000000000000",
          payTo: PAYEE,
          maxTimeoutSeconds: 300,
          extra: { name: "USDC", version: "2" },
        },
      ],
    });
  });

  it("follows the configured price and decimals in the readable amount", () => {
    expect(challengeBody({ ...TERMS, price: 2_500_000n }, resource).amount).to.equal("2.5");
    expect(challengeBody({ ...TERMS, price: 2_500_000n }, resource).accepts[0]?.maxAmountRequired).to.equal("2500000");
  });
});
