import { expect } from "chai";
import { onchainTier, resolveTier, tierForScore, tierRank } from "../../../../src/domain/scoring/tiers";

describe("tier ladder", () => {
  it("maps scores at the boundaries: LOW < 40, MEDIUM < 60, HIGH < 80, ELITE >= 80", () => {
    expect([0, 39, 40, 59, 60, 79, 80, 100].map(tierForScore)).to.deep.equal([
      "LOW",
      "LOW",
      "MEDIUM",
      "MEDIUM",
      "HIGH",
      "HIGH",
      "ELITE",
      "ELITE",
    ]);
  });

  it("makes a blocked subject BLOCKED whatever its score", () => {
    expect(resolveTier({ score: 95, blocked: true, officialIssuer: false })).to.equal("BLOCKED");
  });

  it("makes an official issuer VERIFIED, ahead of any heuristic", () => {
    expect(resolveTier({ score: 10, blocked: false, officialIssuer: true })).to.equal("VERIFIED");
    expect(resolveTier({ score: 10, blocked: true, officialIssuer: true })).to.equal("VERIFIED");
  });

  it("maps product tiers to onchain tiers 0 LOW, 1 MEDIUM, 2 HIGH", () => {
    expect(onchainTier("BLOCKED")).to.equal(0);
    expect(onchainTier("LOW")).to.equal(0);
    expect(onchainTier("MEDIUM")).to.equal(1);
    expect(onchainTier("HIGH")).to.equal(2);
    expect(onchainTier("ELITE")).to.equal(2);
    expect(onchainTier("VERIFIED")).to.equal(2);
  });

  it("orders tiers for comparisons", () => {
    expect(tierRank("BLOCKED")).to.be.lessThan(tierRank("LOW"));
    expect(tierRank("MEDIUM")).to.be.lessThan(tierRank("HIGH"));
    expect(tierRank("ELITE")).to.equal(tierRank("VERIFIED"));
  });
});
