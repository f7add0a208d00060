import { expect } from "chai";
import fc from "fast-check";
import type { Address } from "../../../../src/domain/chain/address";
import type { PricedStakeActivity } from "../../../../src/domain/staking/stake-activity";
import type { StakingEvidence } from "../../../../src/domain/staking/staking-evidence";
import { assessStaking } from "../../../../src/domain/staking/staking-signal";
import { TARGET_TIERS, type TargetTier } from "../../../../src/domain/staking/target-trust";
import { addr, DAY, evidence, NOW, TOKEN, tx, VAULT, VAULT_2, WALLET } from "./staking-fixtures";

const CONTRACTS = [VAULT, VAULT_2, addr("c3")];
const ASSETS: (Address | "native")[] = [TOKEN, "native", addr("7e2")];
const COUNTERPARTY = addr("b0b");

// Integers (hours, dollars): fc.double crowds its samples near zero and the extremes.
const hoursAsDays = (max: number) => fc.integer({ min: 0, max: max * 24 }).map((h) => h / 24);
const stakeArb = fc.record({
  daysAgo: hoursAsDays(500),
  heldDays: fc.option(hoursAsDays(400), { nil: null }),
  usd: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }),
  lockDays: fc.option(fc.integer({ min: 0, max: 1500 }), { nil: null }),
  contract: fc.constantFrom(...CONTRACTS),
  asset: fc.constantFrom(...ASSETS),
  paidByOther: fc.boolean(),
});
type StakeSpec = typeof stakeArb extends fc.Arbitrary<infer T> ? T : never;

function activitiesOf(specs: readonly StakeSpec[]): PricedStakeActivity[] {
  return specs.flatMap((s, i): PricedStakeActivity[] => {
    const start = Math.round(NOW - s.daysAgo * DAY);
    const opened: PricedStakeActivity = {
      kind: "stake",
      staker: WALLET,
      payer: s.paidByOther ? COUNTERPARTY : WALLET,
      contract: s.contract,
      asset: s.asset,
      amount: 100n,
      usd: s.usd,
      lockUntil: s.lockDays === null ? null : start + s.lockDays * DAY,
      txHash: tx(2 * i + 1),
      logIndex: 2 * i,
      blockNumber: start,
      timestamp: start,
      configured: i % 2 === 0,
    };
    if (s.heldDays === null) return [opened];
    const end = Math.min(NOW, start + Math.round(s.heldDays * DAY));
    return [
      opened,
      {
        ...opened,
        kind: "unstake",
        usd: null,
        lockUntil: null,
        txHash: tx(2 * i + 2),
        logIndex: 2 * i + 1,
        blockNumber: end,
        timestamp: end,
      },
    ];
  });
}

const tierArb = fc.option(fc.constantFrom(...TARGET_TIERS), { nil: null });
const contextArb = fc.record({
  tiers: fc.array(tierArb, { minLength: 3, maxLength: 3 }),
  selfDeployed: fc.boolean(),
  deployedDaysAgo: fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }),
  ring: fc.boolean(),
  resetDaysAgo: fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }),
});
type Context = typeof contextArb extends fc.Arbitrary<infer T> ? T : never;

function evidenceOf(specs: readonly StakeSpec[], ctx: Context): StakingEvidence {
  const activities = activitiesOf(specs);
  const first = activities[0];
  return evidence({
    activities,
    targetTiers: new Map([...CONTRACTS, TOKEN, addr("7e2")].map((t, i) => [t, ctx.tiers[i % 3] ?? null])),
    deployers: ctx.selfDeployed ? new Map([[TOKEN, WALLET]]) : new Map(),
    deployments:
      ctx.deployedDaysAgo === null
        ? []
        : [{ token: addr("d3"), txHash: tx(9999), timestamp: NOW - ctx.deployedDaysAgo * DAY }],
    rings:
      ctx.ring && first
        ? [
            {
              members: [WALLET, COUNTERPARTY],
              edges: [
                { from: COUNTERPARTY, to: WALLET, txHash: first.txHash, contract: first.contract, via: "stakeFor" },
              ],
            },
          ]
        : [],
    ageResets:
      ctx.resetDaysAgo === null
        ? []
        : [{ at: NOW - ctx.resetDaysAgo * DAY, reason: "WASH_TRADING", evidence: "0xwash" }],
  });
}

const specsArb = fc.array(stakeArb, { minLength: 1, maxLength: 6 });
const points = (e: StakingEvidence): number => assessStaking(e, NOW).totalPoints;
/** Cheap runs (about a millisecond each): enough of them that rare shapes (one tier step) come up. */
const runs = { numRuns: 300 };

describe("staking signal properties", () => {
  it("points never decrease when one stake's lock grows, all else fixed", () => {
    fc.assert(
      fc.property(specsArb, contextArb, fc.nat(5), fc.integer({ min: 1, max: 1000 }), (specs, ctx, pick, extra) => {
        const i = pick % specs.length;
        const longer = specs.map((s, j) => (j === i ? { ...s, lockDays: (s.lockDays ?? 0) + extra } : s));
        expect(points(evidenceOf(longer, ctx))).to.be.at.least(points(evidenceOf(specs, ctx)));
      }),
      runs,
    );
  });

  it("points never decrease when one stake's dollar size grows, all else fixed", () => {
    fc.assert(
      fc.property(
        specsArb,
        contextArb,
        fc.nat(5),
        fc.integer({ min: 1, max: 1_000_000 }),
        (specs, ctx, pick, extra) => {
          const i = pick % specs.length;
          const bigger = specs.map((s, j) => (j === i ? { ...s, usd: (s.usd ?? 0) + extra } : s));
          expect(points(evidenceOf(bigger, ctx))).to.be.at.least(points(evidenceOf(specs, ctx)));
        },
      ),
      runs,
    );
  });

  it("points never decrease when one target's trust tier rises, all else fixed", () => {
    fc.assert(
      fc.property(specsArb, contextArb, fc.nat(2), fc.integer({ min: 1, max: 6 }), (specs, ctx, pick, steps) => {
        const tier = ctx.tiers[pick] ?? null;
        // Unknown sits between LOW and MEDIUM, as trustFactor has it.
        const rank = tier === null ? 1.5 : TARGET_TIERS.indexOf(tier);
        const higher = TARGET_TIERS.filter((_, r) => r >= rank);
        const raised: TargetTier = higher[Math.min(steps, higher.length - 1)] ?? "VERIFIED";
        const tiers = ctx.tiers.map((t, j) => (j === pick ? raised : t));
        expect(points(evidenceOf(specs, { ...ctx, tiers }))).to.be.at.least(points(evidenceOf(specs, ctx)));
      }),
      runs,
    );
  });

  it("any gaming flag forces scoreBoost to 0; outputs stay in range", () => {
    fc.assert(
      fc.property(specsArb, contextArb, (specs, ctx) => {
        const signal = assessStaking(evidenceOf(specs, ctx), NOW);
        if (signal.gamingFlags.length > 0) expect(signal.scoreBoost).to.equal(0);
        expect(signal.scoreBoost).to.be.within(0, 10);
        expect(signal.committedScore).to.be.within(0, 100);
        expect(signal.totalPoints).to.be.at.least(0);
        expect(signal.formula.decayFactor).to.be.within(0, 1);
        for (const flag of signal.gamingFlags)
          expect(flag.evidence.txHashes.length + flag.evidence.contracts.length).to.be.greaterThan(0);
      }),
      runs,
    );
  });

  it("nothing younger than 7 days of chain time earns points", () => {
    const young = stakeArb.map((s) => ({ ...s, daysAgo: s.daysAgo % 7 }));
    fc.assert(
      fc.property(fc.array(young, { minLength: 1, maxLength: 6 }), contextArb, (specs, ctx) => {
        expect(points(evidenceOf(specs, ctx))).to.equal(0);
      }),
      runs,
    );
  });
});
