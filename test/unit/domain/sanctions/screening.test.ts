import { expect } from "chai";
import type { Address } from "../../../../src/domain/chain/address";
import { component } from "../../../../src/domain/scoring/breakdown";
import { finalizeScore } from "../../../../src/domain/scoring/common/finalize";
import { screeningFlags, withScreening, type Screening } from "../../../../src/domain/sanctions/screening";
import type { ScoreResult } from "../../../../src/domain/scoring";

const subject = "0x00000000000000000000000000000000000000a1" as Address;
const usdc = "0x3600000000000000000000000000000000000000" as Address;

function healthy(points: number): ScoreResult {
  return finalizeScore({
    subject,
    subjectType: "wallet",
    officialIssuer: false,
    components: [component("age", "wallet age", 1, "days", points, 100, "wait")],
    flags: [],
    stakingBoostOffered: 0,
    stakingBoostMax: 0,
    shortfalls: [],
    evidence: { coverage: "full", breadth: 1, confidenceCap: 100, limitation: null },
    state: "graduated",
    now: 1_800_000_000,
  });
}

const screening = (over: Partial<Screening>): Screening => ({
  address: subject,
  sanctioned: null,
  usdcBlacklisted: false,
  usdc,
  ...over,
});
const hit = {
  list: "OFAC SDN digital currency addresses (ETH)",
  source: "https://example/list.txt",
  listDate: "2024-05-02",
};

describe("screening flags on a scored answer (issue 33 item 4)", () => {
  it("SANCTIONED is critical and blocking, with list, source and date as evidence: BLOCKED, score capped", () => {
    const flags = screeningFlags(screening({ sanctioned: hit }));
    expect(flags.map((f) => [f.code, f.severity])).to.deep.equal([["SANCTIONED", "critical"]]);
    expect(flags[0]!.evidence.figures).to.deep.equal(hit);
    const result = withScreening(healthy(85), flags);
    expect(result.tier).to.equal("BLOCKED");
    expect(result.score).to.be.at.most(10);
    expect(result.flags[0]!.code).to.equal("SANCTIONED");
    expect(result.breakdown.ceilingReason).to.equal("blocking flag SANCTIONED");
    expect(result.breakdown.final).to.equal(result.score);
  });

  it("USDC_BLACKLISTED is high: the answer never reads HIGH or better, and names the token", () => {
    const flags = screeningFlags(screening({ usdcBlacklisted: true }));
    expect(flags.map((f) => f.code)).to.deep.equal(["USDC_BLACKLISTED"]);
    expect(flags[0]!.evidence.tokens).to.deep.equal([usdc]);
    const result = withScreening(healthy(95), flags);
    expect(result.score).to.be.below(60);
    expect(result.tier).to.not.be.oneOf(["HIGH", "ELITE", "BLOCKED"]);
  });

  it("nothing listed, or the blacklist unread (null): no flag, the answer unchanged", () => {
    const base = healthy(70);
    expect(screeningFlags(screening({ usdcBlacklisted: null }))).to.deep.equal([]);
    expect(withScreening(base, [])).to.equal(base);
  });
});
