import { expect } from "chai";
import * as E from "fp-ts/Either";
import { InMemoryStakingLeaderboardStore } from "../../../src/adapters/staking/in-memory-staking-leaderboard-store.adapter";
import { PostgresStakingLeaderboardStore } from "../../../src/adapters/staking/postgres-staking-leaderboard-store.adapter";
import { addr, stake } from "../../unit/domain/staking/staking-fixtures";
import { migratedSchema, type MigratedSchema } from "../../support/migrated-schema";
import { leaderboardBatch, stakingLeaderboardStoreContract } from "./staking-leaderboard-store.contract";

stakingLeaderboardStoreContract("in memory", () => new InMemoryStakingLeaderboardStore());

describe("PostgresStakingLeaderboardStore", () => {
  let db: MigratedSchema;
  beforeEach(async () => {
    db = await migratedSchema("leaderboard", 4);
  });
  afterEach(async () => db.drop());

  stakingLeaderboardStoreContract("postgres", () => new PostgresStakingLeaderboardStore(db.pool));

  it("a restarted instance (a new adapter) resumes from the last block with the same ranking; instances agree", async () => {
    const staker = addr(21);
    const first = new PostgresStakingLeaderboardStore(db.pool);
    expect(E.isRight(await first.record(leaderboardBatch([stake({ daysAgo: 90, staker, usd: 900 })], 42))())).to.equal(
      true,
    );
    const restarted = new PostgresStakingLeaderboardStore(db.pool);
    expect(await restarted.lastIndexedBlock()()).to.deep.equal(E.right(42));
    expect(await restarted.top(10, 0)()).to.deep.equal(await first.top(10, 0)());
  });

  it("keeps an empty batch (no staking activity) only while it is the latest: the journal grows with activity, not polls", async () => {
    const store = new PostgresStakingLeaderboardStore(db.pool);
    const staker = addr(22);
    const record = async (batch: ReturnType<typeof leaderboardBatch>) =>
      expect(E.isRight(await store.record(batch)())).to.equal(true);
    const journal = async () =>
      (
        await db.pool.query<{ to_block: string }>("SELECT to_block::text FROM staking_leaderboard_batches ORDER BY seq")
      ).rows.map((r) => Number(r.to_block));
    await record(leaderboardBatch([stake({ daysAgo: 90, staker, usd: 900 })], 10));
    for (const block of [11, 12, 13]) await record(leaderboardBatch([], block));
    expect(await journal()).to.deep.equal([10, 13]);
    await record(leaderboardBatch([stake({ daysAgo: 30, staker: addr(23), usd: 300 })], 14));
    await record(leaderboardBatch([], 15));
    expect(await journal()).to.deep.equal([10, 14, 15]);
    // An empty batch reaching further than a batch recorded after it (another instance, behind) is kept.
    await record(leaderboardBatch([stake({ daysAgo: 20, staker: addr(24), usd: 100 })], 12));
    expect(await journal()).to.deep.equal([10, 14, 15, 12]);

    const restarted = new PostgresStakingLeaderboardStore(db.pool);
    expect(await restarted.lastIndexedBlock()()).to.deep.equal(E.right(15));
    expect(await restarted.top(10, 0)()).to.deep.equal(await store.top(10, 0)());
  });
});
