import { expect } from "chai";
import { scoreToken } from "../../../../src/domain/scoring/token/score-token";
import { verifiedIssuerResult } from "../../../../src/domain/scoring/common/verified-issuer";
import { complete, truncated } from "./support/builders";
import {
  NOW,
  TOKEN,
  attempt,
  healthyPool,
  healthyScript,
  healthyToken,
  simulation,
  tokenProfile,
} from "./support/token-fixtures";

describe("scoreToken", () => {
  it("answers VERIFIED for an official issuer, whatever the heuristics would say", () => {
    const honeypot = simulation(attempt("buy", "fresh", true), attempt("sell", "fresh", false));
    const result = scoreToken(healthyToken({ officialIssuer: true, sellSimulation: honeypot }), NOW);
    expect(result.tier).to.equal("VERIFIED");
    expect(result.flags).to.deep.equal([]);
    expect(result.explanation.recommendation.action).to.equal("allow");
    expect(result).to.deep.equal(verifiedIssuerResult(TOKEN, "token", NOW));
  });

  it("is mining with very few holders, and graduated with a market", () => {
    const s = healthyScript(6);
    const few = scoreToken(tokenProfile(s.market([healthyPool(s)])), NOW);
    expect(few.state).to.equal("mining");
    expect(few.limitations.join(" ")).to.include("holder(s)");
    expect(scoreToken(healthyToken(), NOW).state).to.equal("graduated");
  });

  it("adds the deployer's staking boost bounded to 5, and never with a high flag", () => {
    const plain = scoreToken(healthyToken(), NOW);
    const boosted = scoreToken(healthyToken({ deployerStakingBoost: 9 }), NOW);
    expect(boosted.breakdown.stakingBoostApplied).to.equal(5);
    expect(boosted.score).to.equal(Math.round(plain.breakdown.raw + 5));
    const taxed = simulation(attempt("buy", "fresh", true), attempt("sell", "fresh", true, undefined, 1_000n, 500n));
    const risky = scoreToken(healthyToken({ deployerStakingBoost: 9, sellSimulation: taxed }), NOW);
    expect(risky.breakdown.stakingBoostApplied).to.equal(0);
  });

  it("lowers confidence for truncated transfers and truncated holder lists", () => {
    const base = healthyToken();
    const cut = {
      ...base,
      market: { ...base.market, transfers: truncated(base.market.transfers.items, 100) },
      holders: truncated(base.holders.items, 20),
    };
    const result = scoreToken(cut, NOW);
    expect(result.confidence).to.equal(80);
    expect(result.limitations.join(" ")).to.include("the holder count is a lower bound");
  });

  it("scores a token with no transfers and no holders without failing, at low confidence", () => {
    const base = healthyToken();
    const empty = {
      ...base,
      market: { ...base.market, transfers: complete([]), pools: [] },
      holders: complete([]),
      sellSimulation: null,
      holderQuality: null,
    };
    const result = scoreToken(empty, NOW);
    expect(result.state).to.equal("mining");
    expect(result.confidence).to.be.at.most(50);
    expect(result.tier).to.equal("LOW");
  });
});
