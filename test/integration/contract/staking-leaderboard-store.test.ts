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
});
