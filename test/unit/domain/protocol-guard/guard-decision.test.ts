import { expect } from "chai";
import { decideGuard } from "../../../../src/domain/protocol-guard/guard-decision";
import type { GuardRule } from "../../../../src/domain/protocol-guard/guard-rules";
import type { GuardSubject } from "../../../../src/domain/protocol-guard/guard-subject";

const subject = (overrides: Partial<GuardSubject> = {}): GuardSubject => ({
  score: 72,
  tier: "HIGH",
  confidence: 85,
  flags: [],
  recommendation: "allow",
  ...overrides,
});

describe("decideGuard: default policy", () => {
  it("allows a HIGH wallet the scorer would allow, naming every rule it evaluated", () => {
    expect(decideGuard(subject(), {})).to.deep.equal({
      decision: "allow",
      reasons: [],
      rulesApplied: ["safety_floor", "default_low_tier", "default_recommendation"],
    });
  });

  it("blocks a BLOCKED tier and a critical flag whatever the score", () => {
    const blocked = decideGuard(subject({ tier: "BLOCKED", score: 10, recommendation: "deny" }), {});
    expect(blocked.decision).to.equal("block");
    expect(blocked.reasons[0]).to.equal("tier BLOCKED");
    const critical = decideGuard(subject({ flags: [{ code: "HONEYPOT_PATTERN", severity: "critical" }] }), {});
    expect(critical.decision).to.equal("block");
    expect(critical.reasons).to.deep.equal(["critical flag: HONEYPOT_PATTERN"]);
  });

  it("reviews a LOW tier, and a review or deny recommendation", () => {
    expect(decideGuard(subject({ tier: "LOW", score: 30, recommendation: "review" }), {})).to.deep.include({
      decision: "review",
      reasons: ["tier LOW (score 30)", "scoring recommends review"],
    });
    expect(decideGuard(subject({ tier: "MEDIUM", score: 50, recommendation: "deny" }), {}).decision).to.equal("review");
  });

  it("tightens the minimum score as the economic reach grows (larger of amount and reach)", () => {
    const medium = subject({ tier: "MEDIUM", score: 55 });
    expect(decideGuard(medium, { economicReachUsd: 999 }).decision).to.equal("allow");
    expect(decideGuard(medium, { economicReachUsd: 1_000 }).decision).to.equal("allow");
    const atTenThousand = decideGuard(medium, { amount: 50, economicReachUsd: 10_000 });
    expect(atTenThousand.decision).to.equal("review");
    expect(atTenThousand.reasons).to.deep.equal(["score 55 below 60 required at this economic reach"]);
    expect(decideGuard(medium, { amount: 10_000 }).decision).to.equal("review");
    expect(decideGuard(subject({ score: 79, tier: "HIGH" }), { economicReachUsd: 1_000_000 }).decision).to.equal(
      "review",
    );
    expect(decideGuard(subject({ score: 80, tier: "ELITE" }), { economicReachUsd: 1_000_000 }).decision).to.equal(
      "allow",
    );
  });

  it("an empty rule list falls back to the defaults", () => {
    expect(decideGuard(subject({ tier: "LOW", score: 20 }), {}, []).decision).to.equal("review");
  });
});

describe("decideGuard: subscription rules", () => {
  const rules: GuardRule[] = [
    { type: "min_score", value: 65, action: "review" },
    { type: "block_flags", flags: ["EXIT_SYNC", "WASH_TRADING"] },
    { type: "max_amount_below_tier", tier: "ELITE", amount: 5_000, action: "block" },
  ];

  it("replace the defaults: a LOW tier the rules accept is allowed", () => {
    const low = subject({ tier: "LOW", score: 35, recommendation: "deny" });
    expect(decideGuard(low, {}, [{ type: "min_score", value: 30, action: "review" }])).to.deep.equal({
      decision: "allow",
      reasons: [],
      rulesApplied: ["safety_floor", "rules[0].min_score"],
    });
  });

  it("never loosen the safety floor", () => {
    const verdict = decideGuard(subject({ tier: "BLOCKED", score: 10 }), {}, [
      { type: "min_score", value: 0, action: "review" },
    ]);
    expect(verdict.decision).to.equal("block");
  });

  it("the most severe outcome wins and every fired rule gives a reason", () => {
    const verdict = decideGuard(
      subject({ score: 60, flags: [{ code: "EXIT_SYNC", severity: "high" }] }),
      { amount: 100 },
      rules,
    );
    expect(verdict).to.deep.equal({
      decision: "block",
      reasons: ["score 60 below minimum 65", "blocked flag raised: EXIT_SYNC"],
      rulesApplied: ["safety_floor", "rules[0].min_score", "rules[1].block_flags", "rules[2].max_amount_below_tier"],
    });
  });

  it("an amount cap applies only below its tier, and fails closed without an amount", () => {
    const cap: GuardRule[] = [{ type: "max_amount_below_tier", tier: "HIGH", amount: 1_000, action: "review" }];
    expect(decideGuard(subject({ tier: "HIGH", score: 70 }), { amount: 1e9 }, cap).decision).to.equal("allow");
    expect(decideGuard(subject({ tier: "MEDIUM", score: 50 }), { amount: 1_000 }, cap).decision).to.equal("allow");
    expect(decideGuard(subject({ tier: "MEDIUM", score: 50 }), { amount: 1_001 }, cap).decision).to.equal("review");
    const unstated = decideGuard(subject({ tier: "MEDIUM", score: 50 }), {}, cap);
    expect(unstated.decision).to.equal("review");
    expect(unstated.reasons[0]).to.contain("no amount stated");
  });
});
