import { expect } from "chai";
import fc from "fast-check";
import type { Address } from "../../../../src/domain/chain/address";
import { clampLeaderboardPage, type LeaderboardBatch } from "../../../../src/domain/staking/leaderboard-batch";
import type { PricedStakeActivity } from "../../../../src/domain/staking/stake-activity";
import { StakingLeaderboard } from "../../../../src/domain/staking/staking-leaderboard";
import type { TargetTier } from "../../../../src/domain/staking/target-trust";
import { addr, DAY, NOW, stake, TOKEN, unstake, VAULT } from "./staking-fixtures";

function batch(
  activities: readonly PricedStakeActivity[],
  now = NOW,
  extra: Partial<LeaderboardBatch> = {},
): LeaderboardBatch {
  return {
    toBlock: now,
    now,
    activities,
    targetTiers: new Map(),
    deployers: new Map(),
    vaultOwners: new Map(),
    deployments: new Map(),
    ageResets: new Map(),
    ...extra,
  };
}

const [HONEST_1, HONEST_2, CHURNER, NEWCOMER, A, B, C] = [1, 2, 3, 4, 5, 6, 7].map(addr) as [
  Address,
  Address,
  Address,
  Address,
  Address,
  Address,
  Address,
];
const wallets = (board: StakingLeaderboard): Address[] => board.top(100, 0).rows.map((r) => r.wallet);

describe("staking leaderboard", () => {
  it("ranks by duration-weighted standing, not dollars, and leaves out flagged and pointless wallets", () => {
    const board = new StakingLeaderboard();
    const churn = stake({ daysAgo: 50, staker: CHURNER, usd: 1e6 });
    board.ingest(
      batch([
        stake({ daysAgo: 300, staker: HONEST_1, usd: 2000 }),
        stake({ daysAgo: 40, staker: HONEST_2, usd: 200_000 }),
        churn,
        unstake(churn, 49.9),
        stake({ daysAgo: 100, staker: CHURNER, usd: 1e6 }),
        stake({ daysAgo: 3, staker: NEWCOMER, usd: 1e6 }),
      ]),
    );
    const page = board.top(50, 0);
    expect(page.rows.map((r) => [r.rank, r.wallet])).to.deep.equal([
      [1, HONEST_1],
      [2, HONEST_2],
    ]);
    expect(Object.keys(page.rows[0] ?? {})).to.deep.equal([
      "rank",
      "wallet",
      "committedScore",
      "totalPoints",
      "stakeEvents",
      "uniqueStakeContracts",
      "longestLockDays",
    ]);
    expect(page).to.include({ total: 2, asOfBlock: NOW });
  });

  it("moves with chain time: a young stake is ranked once it is 7 days old", () => {
    const board = new StakingLeaderboard();
    board.ingest(batch([stake({ daysAgo: 3, staker: NEWCOMER })]));
    expect(wallets(board)).to.deep.equal([]);
    board.ingest(batch([], NOW + 5 * DAY));
    expect(wallets(board)).to.deep.equal([NEWCOMER]);
  });

  it("voids a ring closed across blocks, for every member", () => {
    const board = new StakingLeaderboard();
    board.ingest(
      batch([
        stake({ daysAgo: 60, payer: A, staker: B }),
        stake({ daysAgo: 60, payer: C, staker: C }),
        stake({ daysAgo: 60, staker: A }),
      ]),
    );
    expect(wallets(board)).to.have.members([A, B, C]);
    board.ingest(batch([stake({ daysAgo: 50, payer: B, staker: C }), stake({ daysAgo: 50, payer: C, staker: A })]));
    expect(wallets(board)).to.deep.equal([]);
  });

  it("drops wallets whose target turns BLOCKED or who self-stake, and ignores a batch seen twice", () => {
    const board = new StakingLeaderboard();
    const first = batch([
      stake({ daysAgo: 60, staker: HONEST_1 }),
      stake({ daysAgo: 60, staker: HONEST_2, asset: addr("7e2") }),
    ]);
    board.ingest(first);
    board.ingest(first);
    expect(board.top(10, 0).rows.map((r) => r.stakeEvents)).to.deep.equal([1, 1]);
    board.ingest(batch([], NOW, { targetTiers: new Map<Address, TargetTier | null>([[TOKEN, "BLOCKED"]]) }));
    expect(wallets(board)).to.deep.equal([HONEST_2]);
    board.ingest(batch([], NOW, { deployers: new Map([[VAULT, HONEST_2]]) }));
    expect(wallets(board)).to.deep.equal([]);
  });

  it("pages with ranks that continue across pages", () => {
    const board = new StakingLeaderboard();
    board.ingest(batch([1, 2, 3, 4, 5].map((n) => stake({ daysAgo: 10 * n + 10, staker: addr(100 + n) }))));
    expect(board.top(2, 2).rows.map((r) => [r.rank, r.wallet])).to.deep.equal([
      [3, addr(103)],
      [4, addr(102)],
    ]);
    expect(board.top(2, 10).rows).to.deep.equal([]);
  });

  it("clamps limit to 1..100 with default 50, and offset to >= 0", () => {
    expect(clampLeaderboardPage(undefined, undefined)).to.deep.equal({ limit: 50, offset: 0 });
    expect(clampLeaderboardPage(0, -3)).to.deep.equal({ limit: 1, offset: 0 });
    expect(clampLeaderboardPage(1000, 7.9)).to.deep.equal({ limit: 100, offset: 7 });
    expect(clampLeaderboardPage(Number.NaN, Number.NaN)).to.deep.equal({ limit: 50, offset: 0 });
  });

  it("incremental updates give the same ranking as ingesting everything at once", () => {
    const event = fc.record({
      who: fc.integer({ min: 1, max: 8 }),
      payer: fc.integer({ min: 1, max: 8 }),
      hoursAgo: fc.integer({ min: 0, max: 24 * 200 }),
      unstake: fc.boolean(),
      usd: fc.integer({ min: 1, max: 100_000 }),
    });
    // sameHour: every batch at NOW, so reads in between keep one ranking and move wallets in it;
    // otherwise the clock follows the events and crosses ranking steps (full re-ranks).
    fc.assert(
      fc.property(
        fc.array(event, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 5 }),
        fc.boolean(),
        (events, chunk, sameHour) => {
          const activities = events
            .map((e) =>
              stake({
                daysAgo: e.hoursAgo / 24,
                staker: addr(e.who),
                payer: addr(e.unstake ? e.who : e.payer),
                usd: e.usd,
                kind: e.unstake ? "unstake" : "stake",
                amount: e.unstake ? 0n : 1000n,
              }),
            )
            .sort((x, y) => x.timestamp - y.timestamp);
          const whole = new StakingLeaderboard();
          whole.ingest(batch(activities));
          const stepwise = new StakingLeaderboard();
          for (let i = 0; i < activities.length; i += chunk) {
            const slice = activities.slice(i, i + chunk);
            stepwise.ingest(batch(slice, sameHour ? NOW : Math.max(...slice.map((a) => a.timestamp))));
            stepwise.top(3, 0);
          }
          stepwise.ingest(batch([], NOW));
          expect(stepwise.top(100, 0)).to.deep.equal(whole.top(100, 0));
        },
      ),
      { numRuns: 200 },
    );
  });
});
