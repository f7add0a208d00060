import { expect } from "chai";
import * as E from "fp-ts/Either";
import { InMemoryStakingAgeResets } from "../../../support/staking/in-memory-staking-age-resets.adapter";
import { InMemoryStakingTargetTrust } from "../../../support/staking/in-memory-staking-target-trust.adapter";
import type { StakingAgeResets } from "../../../../src/application/ports/staking-age-resets.port";
import type { StakingTargetTrust } from "../../../../src/application/ports/staking-target-trust.port";
import { AnalyzeStaking } from "../../../../src/application/use-cases/staking/analyze-staking.use-case";
import type { StakingSettings } from "../../../../src/application/use-cases/staking/staking-settings";
import type { Address } from "../../../../src/domain/chain/address";
import type { StakingSignal } from "../../../../src/domain/staking/staking-signal";
import { addr, DAY, NOW, TOKEN, VAULT } from "../../domain/staking/staking-fixtures";
import type { FakeStakingWorld } from "../../../support/fakes/fake-staking-world";
import { noResets, ROLES, seededPrices, seededSettings, seededWorld, unknownTrust } from "./seeded-roles";

interface Setup {
  world?: FakeStakingWorld;
  trust?: StakingTargetTrust;
  resets?: StakingAgeResets;
  settings?: StakingSettings;
}

async function analyze(wallet: Address, setup: Setup = {}): Promise<StakingSignal> {
  const world = setup.world ?? seededWorld();
  const useCase = new AnalyzeStaking(
    world,
    world,
    seededPrices(),
    setup.trust ?? unknownTrust(),
    setup.resets ?? noResets(),
    setup.settings ?? seededSettings(),
  );
  const result = await useCase.execute(wallet)();
  if (E.isLeft(result)) throw new Error(`analysis failed: ${result.left.cause.detail}`);
  return result.right;
}

const codes = (signal: StakingSignal) => signal.gamingFlags.map((f) => f.code);

describe("AnalyzeStaking", () => {
  it("gives an honest long staker points, a bounded boost and no flags", async () => {
    const signal = await analyze(ROLES.honest2);
    expect(signal).to.include({
      wallet: ROLES.honest2,
      stakeEvents: 2,
      unstakeEvents: 0,
      uniqueStakeContracts: 2,
      longestLockDays: 180,
    });
    expect(codes(signal)).to.deep.equal([]);
    expect(signal.formula).to.include({
      positionsAwarded: 2,
      positionsVoided: 0,
      diversityBonusApplied: true,
      consistencyBonusApplied: true,
    });
    expect(signal.scoreBoost).to.be.greaterThan(0).and.at.most(10);
  });

  it("flags the self-staking deployer with the stake transaction and its token", async () => {
    const signal = await analyze(ROLES.selfStaker);
    expect(codes(signal)).to.deep.equal(["STAKE_ON_OWN_TOKEN"]);
    expect(signal.gamingFlags[0]?.evidence.contracts).to.include(ROLES.scamToken);
    expect(signal.gamingFlags[0]?.evidence.txHashes).to.have.length(1);
    expect(signal.scoreBoost).to.equal(0);
  });

  it("finds a stakeFor ring A -> B -> C -> A from any member, naming the others", async () => {
    for (const member of ROLES.ring) {
      const signal = await analyze(member);
      expect(codes(signal), member).to.deep.equal(["STAKING_RING"]);
      expect(signal.gamingFlags[0]?.evidence.counterparties).to.have.members(ROLES.ring.filter((m) => m !== member));
      expect(signal).to.include({ scoreBoost: 0, totalPoints: 0 });
    }
  });

  it("finds a ring of vaults owned by each other", async () => {
    const world = seededWorld();
    const [p, q] = [addr("f1"), addr("f2")];
    const [vaultP, vaultQ] = [addr("7a1"), addr("7a2")];
    world.deploy(p, vaultP, "contract", 100, p);
    world.deploy(q, vaultQ, "contract", 100, q);
    world.stake({ from: p, contract: vaultQ, amount: 10n ** 18n, daysAgo: 60 });
    world.stake({ from: q, contract: vaultP, amount: 10n ** 18n, daysAgo: 60 });
    const signal = await analyze(p, { world });
    expect(codes(signal)).to.deep.equal(["STAKING_RING"]);
    expect(signal.gamingFlags[0]?.evidence.counterparties).to.deep.equal([q]);
  });

  it("flags the same-day churner and the unstake-after-deploy wallet with their transactions", async () => {
    const churn = await analyze(ROLES.churner);
    expect(codes(churn)).to.deep.equal(["STAKE_CHURN"]);
    expect(churn.gamingFlags[0]?.evidence.txHashes).to.have.length(2);
    const unstaker = await analyze(ROLES.unstakeAfterDeploy);
    expect(codes(unstaker)).to.deep.equal(["UNSTAKE_AFTER_DEPLOY"]);
    expect(unstaker.gamingFlags[0]?.evidence.contracts).to.include(ROLES.deployedByUnstaker);
    expect([churn.scoreBoost, unstaker.scoreBoost]).to.deep.equal([0, 0]);
  });

  it("gives a 3-day-old stake nothing", async () => {
    const signal = await analyze(ROLES.young);
    expect(signal).to.include({ stakeEvents: 1, totalPoints: 0, scoreBoost: 0 });
    expect(signal.observations.join(" ")).to.contain("only after 7 days");
  });

  it("takes target tiers and age resets from their ports", async () => {
    const blocked = await analyze(ROLES.honest1, {
      trust: new InMemoryStakingTargetTrust(new Map([[TOKEN, "BLOCKED" as const]])),
    });
    expect(codes(blocked)).to.deep.equal(["BLOCKED_TARGET"]);
    const reset = new InMemoryStakingAgeResets(
      new Map([[ROLES.honest1, [{ at: NOW - 2 * DAY, reason: "WASH_TRADING" as const, evidence: "0xwash" }]]]),
    );
    const restarted = await analyze(ROLES.honest1, { resets: reset });
    expect(restarted.totalPoints).to.equal(0);
    expect(restarted.observations.join(" ")).to.contain("wash trading");
  });

  it("counts stakes on unconfigured contracts found by selector, and says discovery may be incomplete", async () => {
    const world = seededWorld();
    const stranger = addr("57a");
    world.stake({ from: ROLES.honest1, contract: stranger, amount: 10n ** 18n, daysAgo: 30, emits: false });
    const full = await analyze(ROLES.honest1, { world });
    expect(full.uniqueStakeContracts).to.equal(2);
    expect(full.observations.join(" ")).to.contain("outside the configured list");
    // History cut to the newest call: the older vault stake is still found through its event.
    const cut = await analyze(ROLES.honest1, { world, settings: seededSettings({ historyLimit: 1 }) });
    expect(cut.uniqueStakeContracts).to.equal(2);
    expect(cut.observations.join(" ")).to.contain("cut at 1 items");
  });

  it("says a zero result proves nothing for a wallet with no staking", async () => {
    const signal = await analyze(addr("dead"));
    expect(signal).to.include({ stakeEvents: 0, totalPoints: 0, committedScore: 0, scoreBoost: 0 });
    expect(signal.observations.join(" ")).to.contain("a zero result does not prove the wallet never staked");
  });

  it("turns an upstream outage into StakingAnalysisFailed", async () => {
    for (const source of ["explorer", "rpc"] as const) {
      const world = seededWorld();
      world.failing = source;
      const useCase = new AnalyzeStaking(world, world, seededPrices(), unknownTrust(), noResets(), seededSettings());
      const result = await useCase.execute(ROLES.honest1)();
      expect(result).to.deep.equal(
        E.left({ _tag: "StakingAnalysisFailed", cause: { _tag: "UpstreamFailure", source, detail: "fake outage" } }),
      );
    }
  });

  it("credits a stake paid by someone else to its beneficiary (found through events naming it)", async () => {
    const world = seededWorld();
    const patron = addr("9a7");
    const beneficiary = addr("be9");
    world.stake({ from: patron, user: beneficiary, contract: VAULT, amount: 10n ** 20n, daysAgo: 30 });
    const signal = await analyze(beneficiary, { world });
    expect(signal).to.include({ stakeEvents: 1 });
    expect(signal.totalPoints).to.be.greaterThan(0);
  });
});
