import { expect } from "chai";
import * as E from "fp-ts/Either";
import type { StakingLeaderboardStore } from "../../../src/application/ports/staking-leaderboard-store.port";
import type { Address } from "../../../src/domain/chain/address";
import type { LeaderboardBatch } from "../../../src/domain/staking/leaderboard-batch";
import type { PricedStakeActivity } from "../../../src/domain/staking/stake-activity";
import { addr, NOW, stake } from "../../unit/domain/staking/staking-fixtures";

export function leaderboardBatch(activities: readonly PricedStakeActivity[], toBlock: number): LeaderboardBatch {
  return {
    toBlock,
    now: NOW,
    activities,
    targetTiers: new Map(),
    deployers: new Map(),
    vaultOwners: new Map(),
    deployments: new Map(),
    ageResets: new Map(),
  };
}

async function right<T>(task: () => Promise<E.Either<unknown, T>>): Promise<T> {
  const result = await task();
  if (E.isLeft(result)) throw new Error(`expected a right: ${JSON.stringify(result.left)}`);
  return result.right;
}

const [OLD, NEWER] = [11, 12].map(addr) as [Address, Address];

/** The StakingLeaderboardStore port's behaviour, run against every adapter. */
export function stakingLeaderboardStoreContract(name: string, make: () => StakingLeaderboardStore): void {
  describe(`StakingLeaderboardStore contract: ${name}`, () => {
    it("is empty before the first batch", async () => {
      const store = make();
      expect(await right(store.lastIndexedBlock())).to.equal(null);
      expect(await right(store.top(10, 0))).to.deep.include({ rows: [], total: 0, asOfBlock: null });
    });

    it("ranks what was recorded, bigint amounts and all, as of the last block", async () => {
      const store = make();
      await right(store.record(leaderboardBatch([stake({ daysAgo: 300, staker: OLD, usd: 2000 })], 10)));
      await right(store.record(leaderboardBatch([stake({ daysAgo: 40, staker: NEWER, usd: 2000 })], 20)));
      expect(await right(store.lastIndexedBlock())).to.equal(20);
      const page = await right(store.top(10, 0));
      expect(page.rows.map((r) => [r.rank, r.wallet])).to.deep.equal([
        [1, OLD],
        [2, NEWER],
      ]);
      expect(page.asOfBlock).to.equal(20);
    });

    it("recording the same batch twice is harmless", async () => {
      const store = make();
      const once = leaderboardBatch([stake({ daysAgo: 100, staker: OLD, usd: 500 })], 30);
      await right(store.record(once));
      const before = await right(store.top(10, 0));
      await right(store.record(once));
      expect(await right(store.top(10, 0))).to.deep.equal(before);
    });
  });
}
