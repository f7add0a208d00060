import { expect } from "chai";
import { tierRank } from "../../../../src/domain/scoring/tiers";
import { scoreToken } from "../../../../src/domain/scoring/token/score-token";
import { scoreWallet } from "../../../../src/domain/scoring/wallet/score-wallet";
import { NOW as TOKEN_NOW, healthyToken } from "./support/token-fixtures";
import { NOW as WALLET_NOW, healthyWallet } from "./support/wallet-fixtures";

describe("healthy subjects", () => {
  it("a long-lived diverse wallet raises no flag and scores HIGH or better with full confidence", () => {
    const result = scoreWallet(healthyWallet(), WALLET_NOW);
    expect(result.flags).to.deep.equal([]);
    expect(tierRank(result.tier)).to.be.at.least(tierRank("HIGH"));
    expect(result.confidence).to.equal(100);
    expect(result.state).to.equal("graduated");
    expect(result.explanation.recommendation.action).to.equal("allow");
  });

  it("a healthy token raises no flag and scores HIGH or better", () => {
    const result = scoreToken(healthyToken(), TOKEN_NOW);
    expect(result.flags).to.deep.equal([]);
    expect(tierRank(result.tier)).to.be.at.least(tierRank("HIGH"));
    expect(result.state).to.equal("graduated");
    expect(result.confidence).to.equal(100);
  });

  it("returns integer scores and confidences within 0..100 and a breakdown that adds up", () => {
    for (const result of [scoreWallet(healthyWallet(), WALLET_NOW), scoreToken(healthyToken(), TOKEN_NOW)]) {
      expect(Number.isInteger(result.score)).to.equal(true);
      expect(Number.isInteger(result.confidence)).to.equal(true);
      expect(result.score).to.be.within(0, 100);
      const sum = result.breakdown.components.reduce((s, c) => s + c.points, 0);
      expect(result.breakdown.base).to.be.closeTo(sum, 0.01);
      expect(result.breakdown.final).to.equal(result.score);
      expect(result.scoringVersion).to.equal("v1.0");
    }
  });
});
