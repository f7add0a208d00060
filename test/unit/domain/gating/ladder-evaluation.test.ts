import { expect } from "chai";
import type { DecimalAmount } from "../../../../src/domain/gating/decimal-amount";
import type { Ladder, LadderInput } from "../../../../src/domain/gating/ladder";
import { evaluateLadder } from "../../../../src/domain/gating/ladder-evaluation";

const amount = (text: string) => text as DecimalAmount;
const lending: Ladder = {
  protocolId: "lend",
  minConfidence: 40,
  bands: [
    { minScore: 50, maxScore: 64, capability: "borrow", maxAmount: amount("1000") },
    { minScore: 65, maxScore: 79, capability: "borrow", maxAmount: amount("10000") },
    { minScore: 80, capability: "borrow", maxAmount: amount("100000") },
    { minScore: 30, capability: "view" },
  ],
};
const base: LadderInput = { ladder: lending, network: "testnet", score: 70, confidence: 60 };
const evaluate = (change: Partial<LadderInput>) => evaluateLadder({ ...base, ...change });

describe("ladder evaluation", () => {
  it("allows a score inside a band and reports the band, the next one up and the margin", () => {
    const result = evaluate({ capability: "borrow", requestedAmount: amount("5000") });
    expect(result).to.include({
      allowed: true,
      allowedByCallerLadder: true,
      policySource: "caller_ladder",
      scoreIsAuthoritative: true,
      marginToNextBand: 10,
    });
    expect(result.matchedBand).to.deep.equal(lending.bands[1]);
    expect(result.nextBand).to.deep.equal(lending.bands[2]);
    expect(result.reasons).to.deep.equal([]);
    expect(result.guidance).to.match(/^Allowed: score 70 is in band 65-79 \(borrow, up to 10000\)\. 10 more points/);
    expect(result.disclaimer).to.match(/caller_ladder/);
  });

  it("treats band bounds as inclusive", () => {
    expect(evaluate({ score: 65, capability: "borrow" }).matchedBand).to.deep.equal(lending.bands[1]);
    expect(evaluate({ score: 79, capability: "borrow" }).matchedBand).to.deep.equal(lending.bands[1]);
  });

  it("has no margin at the top band", () => {
    const result = evaluate({ score: 95, capability: "borrow" });
    expect(result.allowed).to.equal(true);
    expect(result.marginToNextBand).to.equal(null);
    expect(result.nextBand).to.equal(null);
    expect(result.guidance).to.match(/top band/);
  });

  it("fails closed when no band matches, and says how far the lowest band is", () => {
    const result = evaluate({ score: 20 });
    expect(result).to.include({
      allowed: false,
      allowedByCallerLadder: false,
      matchedBand: null,
      marginToNextBand: 10,
    });
    expect(result.reasons).to.deep.equal(["no_band_matches"]);
  });

  it("fails closed when a score falls in a gap between bands", () => {
    const gappy: Ladder = {
      bands: [
        { minScore: 10, maxScore: 20, capability: "a" },
        { minScore: 40, capability: "a" },
      ],
    };
    expect(evaluate({ ladder: gappy, score: 30 }).reasons).to.deep.equal(["no_band_matches"]);
  });

  it("fails closed on a capability no band containing the score grants", () => {
    const result = evaluate({ score: 40, capability: "borrow" });
    expect(result.allowed).to.equal(false);
    expect(result.reasons).to.deep.equal(["capability_mismatch"]);
    expect(result.matchedBand).to.deep.equal(lending.bands[3]);
    expect(result.marginToNextBand).to.equal(10);
    expect(evaluate({ capability: "liquidate" }).reasons).to.deep.equal(["capability_mismatch"]);
  });

  it("fails closed on an amount over the band's maximum, compared exactly", () => {
    const result = evaluate({ capability: "borrow", requestedAmount: amount("10000.000001") });
    expect(result.reasons).to.deep.equal(["amount_exceeds_band_max"]);
    expect(result.matchedBand).to.deep.equal(lending.bands[1]);
    expect(evaluate({ capability: "borrow", requestedAmount: amount("10000") }).allowed).to.equal(true);
  });

  it("picks an overlapping band that allows the amount before failing", () => {
    const overlapping: Ladder = {
      bands: [
        { minScore: 60, capability: "borrow", maxAmount: amount("10") },
        { minScore: 50, capability: "borrow" },
      ],
    };
    const result = evaluate({ ladder: overlapping, capability: "borrow", requestedAmount: amount("1000000") });
    expect(result.allowed).to.equal(true);
    expect(result.matchedBand).to.deep.equal(overlapping.bands[1]);
  });

  it("fails closed on confidence below the ladder's minimum", () => {
    const result = evaluate({ confidence: 39 });
    expect(result.reasons).to.deep.equal(["confidence_below_minimum"]);
    expect(result.allowedByCallerLadder).to.equal(false);
    expect(evaluate({ confidence: 40 }).allowed).to.equal(true);
  });

  it("reports every failing rule together", () => {
    expect(
      evaluate({ score: 55, confidence: 1, capability: "borrow", requestedAmount: amount("2000") }).reasons,
    ).to.deep.equal(["amount_exceeds_band_max", "confidence_below_minimum"]);
  });

  describe("mainnet mode", () => {
    it("refuses without the multi-factor acknowledgement even when the ladder allows", () => {
      const result = evaluate({ network: "mainnet", capability: "borrow" });
      expect(result).to.include({ allowed: false, allowedByCallerLadder: true });
      expect(result.reasons).to.deep.equal(["multi_factor_not_acknowledged"]);
      expect(result.guidance).to.match(/multiFactorAcknowledged/);
    });

    it("allows with the acknowledgement", () => {
      const acknowledged = { ...lending, multiFactorAcknowledged: true };
      expect(evaluate({ network: "mainnet", ladder: acknowledged }).allowed).to.equal(true);
    });

    it("does not need the acknowledgement on the test network", () => {
      expect(evaluate({ network: "testnet" }).allowed).to.equal(true);
    });
  });
});
