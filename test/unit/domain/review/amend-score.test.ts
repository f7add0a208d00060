import { expect } from "chai";
import type { Address } from "../../../../src/domain/chain/address";
import { component } from "../../../../src/domain/scoring/breakdown";
import { amendScore } from "../../../../src/domain/scoring/common/amend-score";
import { finalizeScore, type ScoreDraft } from "../../../../src/domain/scoring/common/finalize";
import type { Flag } from "../../../../src/domain/scoring/flag";
import type { FlagCode } from "../../../../src/domain/scoring/flag-catalogue";
import type { ScoreResult } from "../../../../src/domain/scoring/score-result";

const flag = (code: FlagCode, severity: Flag["severity"], points: number): Flag => ({
  code,
  severity,
  points,
  evidence: { detail: `${code} seen` },
});

const HONEYPOT = flag("HONEYPOT_PATTERN", "critical", -40);
const WHALE = flag("ANTI_WHALE", "medium", -8);
const DEPLOYER = flag("DEPLOYER_HOLDS_MUCH", "high", -15);

function scored(flags: readonly Flag[]): ScoreResult {
  const draft: ScoreDraft = {
    subject: `0x${"ab".repeat(20)}` as Address,
    subjectType: "token",
    officialIssuer: false,
    components: [
      component("age", "contract age", 200, "days", 40, 40, "wait"),
      component("holders", "holders", 300, "holders", 35, 40, "grow"),
    ],
    flags,
    stakingBoostOffered: 0,
    stakingBoostMax: 0,
    shortfalls: [],
    evidence: { coverage: "full", breadth: 1, confidenceCap: 100, limitation: null },
    state: "graduated",
    now: 1_800_000_000,
  };
  return finalizeScore(draft);
}

const amendable = (result: ScoreResult) => ({ ...result, officialIssuer: false });

describe("amendScore: an upheld dispute recomputes the answer without the flag", () => {
  it("removing the blocking flag gives exactly the answer the scorer gives without it", () => {
    const before = scored([HONEYPOT, WHALE]);
    expect(before.tier).to.equal("BLOCKED");
    const amended = amendScore(amendable(before), new Map([["HONEYPOT_PATTERN", "remove"]]));
    const without = scored([WHALE]);
    expect(amended).to.not.equal(null);
    expect({ score: amended?.score, tier: amended?.tier, flags: amended?.flags }).to.deep.equal({
      score: without.score,
      tier: without.tier,
      flags: without.flags,
    });
    expect(amended?.breakdown).to.deep.equal(without.breakdown);
    expect(amended?.explanation.summary).to.equal(without.explanation.summary);
  });

  it("a downgraded flag stays as an info finding that costs nothing and lifts the ceiling", () => {
    const before = scored([DEPLOYER, WHALE]);
    expect(before.breakdown.ceilingReason).to.equal("high-severity flag DEPLOYER_HOLDS_MUCH");
    const amended = amendScore(amendable(before), new Map([["DEPLOYER_HOLDS_MUCH", "downgrade"]]));
    const kept = amended?.flags.find((f) => f.code === "DEPLOYER_HOLDS_MUCH");
    expect(kept).to.include({ severity: "info", points: 0 });
    expect(kept?.evidence.detail).to.contain("downgraded after review");
    expect(amended?.breakdown.ceiling).to.equal(100);
    expect(amended?.score).to.equal(scored([WHALE]).score);
    expect(amended?.score).to.be.greaterThan(before.score);
  });

  it("answers null when no decision touches a flag of the answer (the answer stands as it is)", () => {
    const before = scored([WHALE]);
    expect(amendScore(amendable(before), new Map())).to.equal(null);
    expect(amendScore(amendable(before), new Map([["HONEYPOT_PATTERN", "remove"]]))).to.equal(null);
  });

  it("an official issuer stays VERIFIED whatever is removed", () => {
    const before = { ...scored([WHALE]), officialIssuer: true };
    expect(amendScore(before, new Map([["ANTI_WHALE", "remove"]]))?.tier).to.equal("VERIFIED");
  });
});
