import { expect } from "chai";
import { scoreToken } from "../../../../src/domain/scoring/token/score-token";
import { addr } from "./support/builders";
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

  it("counts as insiders the holders first funded by the deployer's own funder (or by the deployer)", () => {
    const base = healthyToken();
    const [funder, viaFunder, viaDeployer, stranger] = [addr(0xf0f0), addr(0xf0f1), addr(0xf0f2), addr(0xf0f3)];
    const pools = new Set(base.market.pools.map((p) => p.pool));
    const holders = base.holders.items.filter((h) => h.holder !== base.market.deployer && !pools.has(h.holder));
    const ordinary = holders.slice(0, 3).map((h) => h.holder);
    const funded = new Map<typeof funder, "deployer" | "deployer's funder">([
      [ordinary[0]!, "deployer's funder"],
      [ordinary[1]!, "deployer"],
      [viaFunder, "deployer's funder"],
    ]);
    const facts = scoreToken({ ...base, deployerFunding: { funder, funded } }, NOW).holderFacts!;
    expect(facts.insiders.addresses).to.include.members([ordinary[0], ordinary[1]]);
    // Funded but neither holding nor trading the token: not an insider of this token.
    expect(facts.insiders.addresses).to.not.include(viaFunder);
    expect(facts.insiders.addresses).to.not.include.members([viaDeployer, stranger]);
    const without = scoreToken(base, NOW).holderFacts!;
    expect(without.insiders.addresses).to.not.include(ordinary[0]);
    expect(without.unknown.join(" ")).to.include("The deployer's funding was not read");
  });
});
