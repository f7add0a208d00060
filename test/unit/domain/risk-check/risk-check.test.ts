import { expect } from "chai";
import * as E from "fp-ts/Either";
import {
  decodeRiskCheckBatch,
  decodeRiskCheckRequest,
  riskReasons,
  riskScoreOf,
  riskTierOf,
  type RiskCheckScore,
} from "../../../../src/domain/risk-check/risk-check";
import { didWebOf } from "../../../../src/domain/risk-check/risk-check-discovery";

const scored = (overrides: Partial<RiskCheckScore> = {}): RiskCheckScore => ({
  score: 72.4,
  tier: "HIGH",
  confidence: 80,
  flags: [],
  subjectType: "token",
  officialIssuer: false,
  snapshotId: "snap_1",
  scoringVersion: "v1.0",
  limitations: [],
  ...overrides,
});

describe("risk-check domain (x402 risk-check extension)", () => {
  it("maps scores to the extension's tiers at its boundaries", () => {
    const cases: [number, string][] = [
      [100, "low"],
      [80, "low"],
      [79, "medium"],
      [60, "medium"],
      [59, "high"],
      [30, "high"],
      [29, "critical"],
      [0, "critical"],
    ];
    for (const [score, tier] of cases) expect(riskTierOf(score), String(score)).to.equal(tier);
  });

  it("rounds the score to an integer, and a verified issuer is 100", () => {
    expect(riskScoreOf(scored())).to.equal(72);
    expect(riskScoreOf(scored({ score: 100, officialIssuer: true, tier: "VERIFIED" }))).to.equal(100);
  });

  it("gives flags with severities, then limitations; a clean subject says so", () => {
    expect(riskReasons(scored())).to.deep.equal(["NO_RISK_FLAGS"]);
    expect(
      riskReasons(
        scored({ flags: [{ code: "HONEYPOT_PATTERN", severity: "critical" }], limitations: ["thin history"] }),
      ),
    ).to.deep.equal(["HONEYPOT_PATTERN (critical)", "LIMITATION: thin history"]);
  });

  it("decodes {address, aud?} and refuses anything else with a code", () => {
    const address = "0x" + "AB".repeat(20);
    expect(decodeRiskCheckRequest({ address })).to.deep.equal(E.right({ address: address.toLowerCase() }));
    expect(decodeRiskCheckRequest({ address, aud: "did:web:shop.example" })).to.deep.equal(
      E.right({ address: address.toLowerCase(), audience: "did:web:shop.example" }),
    );
    expect(decodeRiskCheckRequest({})).to.deep.equal(E.left("invalid_address"));
    expect(decodeRiskCheckRequest([address])).to.deep.equal(E.left("invalid_address"));
    expect(decodeRiskCheckRequest({ address, aud: "javascript:alert(1)" })).to.deep.equal(E.left("invalid_audience"));
    expect(decodeRiskCheckRequest({ address, aud: "https://" + "a".repeat(600) })).to.deep.equal(
      E.left("invalid_audience"),
    );
  });

  it("decodes an optional transaction as the transaction scan does, for the provider's chain only", () => {
    const address = "0x" + "AB".repeat(20);
    const from = "0x" + "11".repeat(20);
    const transaction = { chainId: 5042002, from, to: address, value: "0x10", data: "0xA9059CBB" };
    expect(decodeRiskCheckRequest({ address, transaction }, 5042002)).to.deep.equal(
      E.right({
        address: address.toLowerCase(),
        transaction: {
          chainId: 5042002,
          from,
          to: address.toLowerCase(),
          value: 16n,
          data: "0xa9059cbb",
          gas: null,
        },
      }),
    );
    const refused = (tx: unknown, chainId: number | null = 5042002) =>
      decodeRiskCheckRequest({ address, transaction: tx }, chainId);
    expect(refused(null)).to.deep.equal(E.left("invalid_transaction"));
    expect(refused({ ...transaction, to: "0x12" })).to.deep.equal(E.left("invalid_transaction"));
    expect(refused({ ...transaction, value: -1 })).to.deep.equal(E.left("invalid_transaction"));
    expect(refused({ ...transaction, gas: "0x" + "f".repeat(20) })).to.deep.equal(E.left("invalid_transaction"));
    expect(refused({ ...transaction, chainId: 1 })).to.deep.equal(E.left("invalid_chain_id"));
    expect(refused({ ...transaction, data: "0x" + "00".repeat(32_769) })).to.deep.equal(E.left("payload_too_large"));
    // A batch takes no transactions: refused rather than ignored.
    expect(refused(transaction, null)).to.deep.equal(E.left("transaction_not_batched"));
    expect(decodeRiskCheckBatch({ requests: [{ address }, { address, transaction }] })).to.deep.equal(
      E.left({ code: "transaction_not_batched", index: 1 }),
    );
  });

  it("names the provider with did:web (port percent-encoded, path as segments)", () => {
    expect(didWebOf("https://credence.example")).to.equal("did:web:credence.example");
    expect(didWebOf("http://127.0.0.1:3190")).to.equal("did:web:127.0.0.1%3A3190");
    expect(didWebOf("https://example.org/credence/")).to.equal("did:web:example.org:credence");
  });
});
