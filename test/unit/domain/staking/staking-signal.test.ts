import { expect } from "chai";
import { assessStaking } from "../../../../src/domain/staking/staking-signal";
import { addr, DAY, evidence, NOW, stake, TOKEN, tx, unstake, VAULT, VAULT_2, WALLET } from "./staking-fixtures";

const B = addr("b");
const C = addr("c");

describe("assessStaking (StakingSignal)", () => {
  it("returns exactly SPEC.md's fields", () => {
    const signal = assessStaking(evidence(), NOW);
    expect(Object.keys(signal)).to.have.members([
      "wallet",
      "committedScore",
      "totalPoints",
      "stakeEvents",
      "unstakeEvents",
      "uniqueStakeContracts",
      "longestLockDays",
      "gamingFlags",
      "observations",
      "scoreBoost",
      "formula",
    ]);
    expect(Object.keys(signal.formula)).to.have.members([
      "diversityBonusApplied",
      "consistencyBonusApplied",
      "decayFactor",
      "positionsAwarded",
      "positionsVoided",
    ]);
  });

  it("says a zero result does not prove the wallet never staked", () => {
    const signal = assessStaking(
      evidence({
        coverage: { historyTruncatedAt: 1000, eventsFromBlock: 5, unconfiguredContracts: [], receiptsSkipped: 0 },
      }),
      NOW,
    );
    expect(signal).to.include({ totalPoints: 0, committedScore: 0, scoreBoost: 0, stakeEvents: 0 });
    expect(signal.observations.join(" ")).to.contain("a zero result does not prove the wallet never staked");
    expect(signal.observations.join(" ")).to.contain("cut at 1000 items");
  });

  it("rewards an honest long staker across two credible contracts with both bonuses and a bounded boost", () => {
    const first = stake({ daysAgo: 200, usd: 5000, lockUntil: NOW - 20 * DAY });
    const second = stake({ daysAgo: 120, usd: 2000, contract: VAULT_2, lockUntil: NOW + 60 * DAY });
    const signal = assessStaking(evidence({ activities: [first, second] }), NOW);
    expect(signal).to.include({ stakeEvents: 2, unstakeEvents: 0, uniqueStakeContracts: 2, longestLockDays: 180 });
    expect(signal.gamingFlags).to.deep.equal([]);
    expect(signal.formula).to.deep.equal({
      diversityBonusApplied: true,
      consistencyBonusApplied: true,
      decayFactor: 1,
      positionsAwarded: 2,
      positionsVoided: 0,
    });
    expect(signal.scoreBoost).to.be.greaterThan(5).and.at.most(10);
  });

  it("a 3-day-old stake earns nothing and says why", () => {
    const young = stake({ daysAgo: 3 });
    const signal = assessStaking(evidence({ activities: [young] }), NOW);
    expect(signal).to.include({ totalPoints: 0, scoreBoost: 0, stakeEvents: 1 });
    expect(signal.formula.positionsAwarded).to.equal(0);
    expect(signal.observations.join(" ")).to.contain(`Stake ${young.txHash} is 3 day(s) old`);
  });

  it("flags the self-staking deployer with the stake and the token as evidence", () => {
    const own = stake({ daysAgo: 60 });
    const signal = assessStaking(evidence({ activities: [own], deployers: new Map([[TOKEN, WALLET]]) }), NOW);
    expect(signal.gamingFlags.map((f) => f.code)).to.deep.equal(["STAKE_ON_OWN_TOKEN"]);
    expect(signal.gamingFlags[0]?.evidence.txHashes).to.deep.equal([own.txHash]);
    expect(signal.gamingFlags[0]?.evidence.contracts).to.include(TOKEN);
    expect(signal).to.include({ totalPoints: 0, scoreBoost: 0 });
    expect(signal.formula.positionsVoided).to.equal(1);
  });

  it("voids and flags a ring, naming the counterparties", () => {
    const credited = stake({ daysAgo: 60, payer: C });
    const paid = stake({ daysAgo: 60, staker: B, payer: WALLET });
    const ring = {
      members: [WALLET, B, C],
      edges: [
        { from: WALLET, to: B, txHash: paid.txHash, contract: VAULT, via: "stakeFor" as const },
        { from: B, to: C, txHash: tx(500), contract: VAULT, via: "stakeFor" as const },
        { from: C, to: WALLET, txHash: credited.txHash, contract: VAULT, via: "stakeFor" as const },
      ],
    };
    const signal = assessStaking(evidence({ activities: [credited, paid], rings: [ring] }), NOW);
    const [flag] = signal.gamingFlags;
    expect(flag?.code).to.equal("STAKING_RING");
    expect(flag?.evidence.counterparties).to.have.members([B, C]);
    expect(flag?.evidence.txHashes).to.include(credited.txHash);
    expect(signal).to.include({ totalPoints: 0, scoreBoost: 0, stakeEvents: 1 });
    expect(signal.observations.join(" ")).to.contain("credited to other wallets");
  });

  it("flags same-day churn with both transactions, and zeroes the boost even beside an honest stake", () => {
    const honest = stake({ daysAgo: 100, contract: VAULT_2 });
    const churn = stake({ daysAgo: 20 });
    const out = unstake(churn, 19.8);
    const signal = assessStaking(evidence({ activities: [honest, churn, out] }), NOW);
    expect(signal.gamingFlags.map((f) => f.code)).to.deep.equal(["STAKE_CHURN"]);
    expect(signal.gamingFlags[0]?.evidence.txHashes).to.deep.equal([churn.txHash, out.txHash]);
    expect(signal.totalPoints).to.be.greaterThan(0);
    expect(signal.scoreBoost).to.equal(0);
  });

  it("flags an unstake after deploying a token", () => {
    const s = stake({ daysAgo: 90 });
    const out = unstake(s, 10);
    const deployment = { token: addr("d3"), txHash: tx(600), timestamp: NOW - 30 * DAY };
    const signal = assessStaking(evidence({ activities: [s, out], deployments: [deployment] }), NOW);
    expect(signal.gamingFlags.map((f) => f.code)).to.deep.equal(["UNSTAKE_AFTER_DEPLOY"]);
    expect(signal.gamingFlags[0]?.evidence.txHashes).to.deep.equal([tx(600), out.txHash]);
    expect(signal.scoreBoost).to.equal(0);
  });

  it("earns nothing on a BLOCKED target", () => {
    const signal = assessStaking(
      evidence({ activities: [stake({ daysAgo: 90 })], targetTiers: new Map([[TOKEN, "BLOCKED" as const]]) }),
      NOW,
    );
    expect(signal.gamingFlags.map((f) => f.code)).to.deep.equal(["BLOCKED_TARGET"]);
    expect(signal).to.include({ totalPoints: 0, scoreBoost: 0 });
  });

  it("restarts stake age after a coordinated exit, and says so", () => {
    const s = stake({ daysAgo: 90 });
    const reset = { at: NOW - 5 * DAY, reason: "COORDINATED_EXIT" as const, evidence: "0xexit" };
    const signal = assessStaking(evidence({ activities: [s], ageResets: [reset] }), NOW);
    expect(signal.totalPoints).to.equal(0);
    expect(signal.gamingFlags).to.deep.equal([]);
    expect(signal.observations.join(" ")).to.contain("coordinated exit (0xexit)");
  });

  it("decays a wallet that left long ago", () => {
    const s = stake({ daysAgo: 400 });
    const signal = assessStaking(evidence({ activities: [s, unstake(s, 300)] }), NOW);
    expect(signal.formula.decayFactor).to.be.lessThan(0.5).and.greaterThan(0);
    expect(signal.totalPoints).to.be.greaterThan(0);
  });
});
