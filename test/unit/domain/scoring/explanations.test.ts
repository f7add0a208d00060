import { expect } from "chai";
import type { ExplainInput } from "../../../../src/domain/scoring/explain/explain-input";
import { directionDrivers } from "../../../../src/domain/scoring/explain/direction-drivers";
import { protocolExplain } from "../../../../src/domain/scoring/explain/protocol-explain";
import { publicExplain } from "../../../../src/domain/scoring/explain/public-explain";
import { recommend } from "../../../../src/domain/scoring/explain/recommendation";
import { summarize } from "../../../../src/domain/scoring/explain/summary";
import { component } from "../../../../src/domain/scoring/breakdown";
import { raiseFlag } from "../../../../src/domain/scoring/flag";
import { addr } from "./support/builders";

const wash = raiseFlag("WASH_TRADING", {
  detail: "4 round trips to and back from 0xabc",
  counterparties: [addr(0xabc)],
});
const honeypot = raiseFlag("HONEYPOT_PATTERN", { detail: "sells revert" });
const fresh = raiseFlag("FRESH_WALLET", { detail: "First seen 1 day ago" });

function input(overrides: Partial<ExplainInput> = {}): ExplainInput {
  return {
    subjectType: "wallet",
    score: 72,
    tier: "HIGH",
    confidence: 90,
    state: "graduated",
    flags: [],
    components: [
      component("age", "wallet age", 150, "days", 18, 20, "More time since first activity"),
      component(
        "deployments",
        "adopted deployments",
        0,
        "deployments",
        0,
        10,
        "Deploying contracts that independent users adopt",
      ),
    ],
    limitations: [],
    ...overrides,
  };
}

describe("explanations: recommendation", () => {
  it("allows a HIGH score on adequate data", () => {
    expect(recommend(input()).action).to.equal("allow");
  });

  it("denies BLOCKED, naming the blocking pattern", () => {
    const r = recommend(input({ tier: "BLOCKED", score: 0, flags: [honeypot] }));
    expect(r).to.deep.equal({ action: "deny", reason: "Blocked: honeypot: holders cannot sell." });
  });

  it("denies LOW on adequate data but asks for review on sparse data", () => {
    expect(recommend(input({ tier: "LOW", score: 20 })).action).to.equal("deny");
    expect(recommend(input({ tier: "LOW", score: 20, confidence: 30 })).action).to.equal("review");
  });

  it("asks for review, not deny, on a LOW score from thin history: fresh wallet, mining, or confidence under 70", () => {
    const freshWallet = recommend(input({ tier: "LOW", score: 25, confidence: 60, state: "mining", flags: [fresh] }));
    expect(freshWallet).to.deep.equal({
      action: "review",
      reason: "Low score (25/100) on insufficient data (fresh wallet).",
    });
    expect(recommend(input({ tier: "LOW", score: 25, flags: [fresh] })).action).to.equal("review");
    expect(recommend(input({ tier: "LOW", score: 25, state: "mining" })).action).to.equal("review");
    expect(recommend(input({ tier: "LOW", score: 25, confidence: 69 })).reason).to.include("confidence 69%");
    expect(recommend(input({ tier: "LOW", score: 25, confidence: 70 })).action).to.equal("deny");
  });

  it("still denies a LOW score on thin history when high-severity evidence is present", () => {
    const r = recommend(input({ tier: "LOW", score: 15, confidence: 40, state: "mining", flags: [wash, fresh] }));
    expect(r).to.deep.equal({
      action: "deny",
      reason: "Low trust score (15/100) with high-severity flags: WASH_TRADING.",
    });
    expect(
      recommend(input({ tier: "BLOCKED", score: 0, confidence: 30, state: "mining", flags: [honeypot, fresh] })).action,
    ).to.equal("deny");
  });

  it("asks for review on MEDIUM, on a high-severity flag, and on a HIGH score with sparse data", () => {
    expect(recommend(input({ tier: "MEDIUM", score: 50 })).action).to.equal("review");
    expect(recommend(input({ tier: "MEDIUM", score: 55, flags: [wash] })).reason).to.include("WASH_TRADING");
    expect(recommend(input({ confidence: 40 })).action).to.equal("review");
  });

  it("allows VERIFIED", () => {
    expect(recommend(input({ tier: "VERIFIED", score: 100 })).action).to.equal("allow");
  });
});

describe("explanations: public explain", () => {
  it("uses a danger tone and names the blocking pattern in the headline when BLOCKED", () => {
    const p = publicExplain(input({ tier: "BLOCKED", score: 0, flags: [honeypot] }));
    expect(p.tone).to.equal("danger");
    expect(p.headline).to.equal("Blocked: honeypot: holders cannot sell");
    expect(p.lines[0]).to.equal("Honeypot: holders cannot sell: sells revert");
  });

  it("is cautious with a high-severity flag, positive without, and mentions sparse data", () => {
    expect(publicExplain(input({ flags: [wash] })).tone).to.equal("caution");
    const clean = publicExplain(input({ confidence: 30 }));
    expect(clean.tone).to.equal("positive");
    expect(clean.lines).to.include("Strong wallet age: 150 days.");
    expect(clean.lines).to.include("Limited data: confidence 30%.");
  });

  it("does not turn info flags into warning lines", () => {
    expect(publicExplain(input({ flags: [fresh] })).lines.join(" ")).not.to.include("First seen");
  });
});

describe("explanations: protocol explain", () => {
  it("lists every category for the subject type, with the level and signals of raised flags", () => {
    const report = protocolExplain(input({ flags: [wash, fresh] }));
    const manipulation = report.riskCategories.find((c) => c.category === "manipulation");
    expect(manipulation).to.deep.equal({
      category: "manipulation",
      level: "high",
      signals: ["WASH_TRADING: 4 round trips to and back from 0xabc"],
    });
    expect(report.riskCategories.find((c) => c.category === "history")?.level).to.equal("none");
    expect(report.riskCategories.find((c) => c.category === "history")?.signals).to.have.length(1);
    expect(report.riskCategories.map((c) => c.category)).not.to.include("market_integrity");
  });

  it("includes market integrity for tokens", () => {
    const report = protocolExplain(input({ subjectType: "token", flags: [honeypot], tier: "BLOCKED" }));
    expect(report.riskCategories.find((c) => c.category === "market_integrity")?.level).to.equal("critical");
  });
});

describe("explanations: direction drivers and summary", () => {
  it("puts removable penalties and the largest gaps up, the heaviest unraised rules down", () => {
    const d = directionDrivers(input({ flags: [wash] }));
    expect(d.up[0]).to.equal("Clearing WASH_TRADING (round-trip (wash) transfers) would remove 25 points.");
    expect(d.up).to.include("Deploying contracts that independent users adopt (up to +10 points).");
    // The heaviest rules first: a sanctions listing and a rugged deployment each block.
    expect(d.down.slice(0, 2)).to.deep.equal([
      "SANCTIONED (on a sanctions list) would make it BLOCKED.",
      "RUGGED_DEPLOYMENT (pulled the liquidity of its own token) would make it BLOCKED.",
    ]);
    expect(d.down.join(" ")).not.to.include("WASH_TRADING");
  });

  it("has no drivers for VERIFIED", () => {
    expect(directionDrivers(input({ tier: "VERIFIED" }))).to.deep.equal({ up: [], down: [] });
  });

  it("summarizes score, tier, confidence and flag codes in one sentence", () => {
    expect(summarize(input({ flags: [wash], tier: "MEDIUM", score: 55 }))).to.equal(
      "Wallet scores 55/100 (MEDIUM), confidence 90%: round-trip (wash) transfers; flags: WASH_TRADING.",
    );
    expect(summarize(input({ state: "mining" }))).to.include("Still mining");
    expect(summarize(input({ tier: "VERIFIED" }))).to.equal("Wallet is an official issuer (VERIFIED).");
  });
});
