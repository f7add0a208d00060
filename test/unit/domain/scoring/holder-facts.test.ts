import { expect } from "chai";
import { scoreToken } from "../../../../src/domain/scoring/token/score-token";
import { NOW, healthyToken } from "./support/token-fixtures";

describe("holder facts (creator, owner, top 10, LP, cohorts)", () => {
  it("gives percentages of the supply and says which figures are unknown and why", () => {
    const facts = scoreToken(healthyToken(), NOW).holderFacts;
    expect(facts).to.not.equal(null);
    expect(facts!.creatorPercent).to.be.a("number").within(0, 100);
    expect(facts!.top10Percent).to.be.a("number").within(0, 100);
    expect(facts!.liquidity?.lockedPercent).to.equal(null);
    expect(facts!.unknown.join(" ")).to.include("locked LP share and unlock time are unknown");
    for (const cohort of [facts!.snipers, facts!.insiders, facts!.bundled]) {
      expect(cohort.count).to.be.at.least(cohort.addresses.length);
      if (cohort.count === 0) expect(cohort.percent).to.equal(0);
    }
  });

  it("is null for ownerPercent with the reason when ownership is renounced, and percentages null without a supply", () => {
    const base = healthyToken();
    const renounced = scoreToken(
      {
        ...base,
        market: { ...base.market, owner: "0x0000000000000000000000000000000000000000" as typeof base.token },
        metadata: { ...base.metadata, totalSupply: null },
      },
      NOW,
    ).holderFacts!;
    expect(renounced.ownerPercent).to.equal(null);
    expect(renounced.creatorPercent).to.equal(null);
    expect(renounced.unknown.join(" ")).to.include("Ownership is renounced");
    expect(renounced.unknown.join(" ")).to.include("totalSupply() did not answer");
  });
});
