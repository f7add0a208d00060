import { expect } from "chai";
import {
  committedScoreOf,
  decayFactor,
  lockFactor,
  positionPoints,
  type ScorablePosition,
  scoreBoostOf,
  sizeFactor,
  standingAt,
} from "../../../../src/domain/staking/stake-points";
import { trustFactor } from "../../../../src/domain/staking/target-trust";
import { DAY, NOW, VAULT, VAULT_2 } from "./staking-fixtures";

const position = (overrides: Partial<ScorablePosition> = {}): ScorablePosition => ({
  usd: 1000,
  lockDays: 30,
  tier: "HIGH",
  effectiveStart: NOW - 60 * DAY,
  end: null,
  credible: false,
  contract: VAULT,
  voided: false,
  ...overrides,
});

describe("stake points", () => {
  it("7. rise with lock length, dollar size and target trust", () => {
    const base = positionPoints(position(), NOW);
    expect(positionPoints(position({ lockDays: 365 }), NOW)).to.be.greaterThan(base);
    expect(positionPoints(position({ usd: 100_000 }), NOW)).to.be.greaterThan(base);
    expect(positionPoints(position({ tier: "ELITE" }), NOW)).to.be.greaterThan(base);
    expect(positionPoints(position({ tier: "LOW" }), NOW)).to.be.lessThan(base);
    expect(trustFactor(null)).to.be.within(trustFactor("LOW"), trustFactor("MEDIUM"));
  });

  it("weigh time held, not dollars alone: a year-old $1k stake beats a fresh-but-mature $100k one", () => {
    const patient = positionPoints(position({ effectiveStart: NOW - 365 * DAY }), NOW);
    const whale = positionPoints(position({ usd: 100_000, effectiveStart: NOW - 8 * DAY }), NOW);
    expect(patient).to.be.greaterThan(whale);
  });

  it("are zero for voided, immature or unpriced positions", () => {
    expect(positionPoints(position({ voided: true }), NOW)).to.equal(0);
    expect(positionPoints(position({ effectiveStart: NOW - 3 * DAY }), NOW)).to.equal(0);
    expect(positionPoints(position({ usd: null }), NOW)).to.equal(0);
    expect(sizeFactor(-5)).to.equal(0);
    expect(lockFactor(10_000)).to.equal(lockFactor(730));
  });

  it("8. add a diversity bonus across credible contracts and a consistency bonus for long staking", () => {
    const one = standingAt([position({ credible: true })], NOW);
    expect(one.diversityBonusApplied).to.equal(false);
    expect(one.consistencyBonusApplied).to.equal(false);
    const two = standingAt([position({ credible: true }), position({ credible: true, contract: VAULT_2 })], NOW);
    expect(two.diversityBonusApplied).to.equal(true);
    expect(two.totalPoints).to.be.closeTo(one.totalPoints * 2 * 1.1, 0.02);
    const notCredible = standingAt([position(), position({ contract: VAULT_2 })], NOW);
    expect(notCredible.diversityBonusApplied).to.equal(false);
    const long = standingAt([position({ effectiveStart: NOW - 120 * DAY })], NOW);
    expect(long.consistencyBonusApplied).to.equal(true);
  });

  it("9. decay gradually after a grace period once nothing is staked", () => {
    const closedAgo = (days: number) => [position({ effectiveStart: NOW - (days + 100) * DAY, end: NOW - days * DAY })];
    expect(decayFactor([position()], NOW)).to.equal(1);
    expect(decayFactor(closedAgo(10), NOW)).to.equal(1);
    expect(decayFactor(closedAgo(210), NOW)).to.be.closeTo(0.5, 1e-9);
    // No cliff: each further month idle takes off at most ~11%.
    const monthly = Array.from({ length: 12 }, (_, i) => decayFactor(closedAgo(30 + 30 * (i + 1)), NOW));
    monthly.reduce((previous, factor) => {
      expect(factor).to.be.lessThan(previous);
      expect(factor / previous).to.be.greaterThan(0.88);
      return factor;
    }, 1);
    expect(standingAt(closedAgo(210), NOW).decayFactor).to.equal(0.5);
  });

  it("turn points into a saturating 0..100 committed score and a 0..10 boost that any flag zeroes", () => {
    expect(committedScoreOf(0)).to.equal(0);
    expect(committedScoreOf(60)).to.be.closeTo(63.2, 0.05);
    expect(committedScoreOf(1e9)).to.equal(100);
    expect(scoreBoostOf(63.2, 0)).to.equal(6.32);
    expect(scoreBoostOf(100, 0)).to.equal(10);
    expect(scoreBoostOf(100, 1)).to.equal(0);
  });
});
