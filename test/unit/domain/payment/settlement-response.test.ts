import { expect } from "chai";
import type { TxHash } from "../../../../src/domain/chain/chain-types";
import { decodeBase64Json } from "../../../../src/domain/payment/base64-json";
import type { TransferProof } from "../../../../src/domain/payment/payment-proof";
import { settlementHeaders } from "../../../../src/domain/payment/settlement-response";
import { NONCE, PAYER, TERMS, authorizationProof } from "./payment-fixtures";

const transaction = ("0x" + "ee".repeat(32)) as TxHash;
const settlement = { transaction, payer: PAYER, value: 1000n };

describe("settlement response headers", () => {
  it("v1 payers get X-PAYMENT-RESPONSE naming the network by name", () => {
    const headers = settlementHeaders(authorizationProof(1), TERMS, settlement);
    expect(Object.keys(headers)).to.deep.equal(["X-PAYMENT-RESPONSE"]);
    expect(decodeBase64Json(headers["X-PAYMENT-RESPONSE"]!)).to.deep.equal({
      success: true,
      transaction,
      network: "arc-testnet",
      payer: PAYER,
    });
  });

  it("v2 payers also get PAYMENT-RESPONSE naming it by CAIP-2", () => {
    const headers = settlementHeaders(authorizationProof(2), TERMS, settlement);
    expect(decodeBase64Json(headers["PAYMENT-RESPONSE"]!)).to.deep.equal({
      success: true,
      transaction,
      network: "eip155:5042002",
      payer: PAYER,
    });
    expect(headers["X-PAYMENT-RESPONSE"]).to.be.a("string");
  });

  it("transfer proofs report the payer's own transaction", () => {
    const proof: TransferProof = { kind: "transfer", txHash: transaction, nonce: NONCE };
    expect(decodeBase64Json(settlementHeaders(proof, TERMS, settlement)["X-PAYMENT-RESPONSE"]!)).to.deep.include({
      transaction,
    });
  });
});
