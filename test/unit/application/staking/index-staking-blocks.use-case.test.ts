import { expect } from "chai";
import * as E from "fp-ts/Either";
import { InMemoryStakingLeaderboardStore } from "../../../../src/adapters/staking/in-memory-staking-leaderboard-store.adapter";
import { GetStakingLeaderboard } from "../../../../src/application/use-cases/staking/get-staking-leaderboard.use-case";
import {
  IndexStakingBlocks,
  type IndexStep,
} from "../../../../src/application/use-cases/staking/index-staking-blocks.use-case";
import type { StakingSettings } from "../../../../src/application/use-cases/staking/staking-settings";
import type { LeaderboardPage } from "../../../../src/domain/staking/leaderboard-batch";
import { DAY, VAULT } from "../../domain/staking/staking-fixtures";
import type { FakeStakingWorld } from "../../../support/fakes/fake-staking-world";
import { noResets, ROLES, seededPrices, seededSettings, seededWorld, unknownTrust } from "./seeded-roles";

function setup(world: FakeStakingWorld = seededWorld(), settings: StakingSettings = seededSettings()) {
  const store = new InMemoryStakingLeaderboardStore();
  const indexer = new IndexStakingBlocks(world, world, seededPrices(), unknownTrust(), noResets(), store, settings);
  const board = new GetStakingLeaderboard(store);
  return { world, indexer, board };
}

async function step(indexer: IndexStakingBlocks): Promise<IndexStep> {
  const result = await indexer.execute()();
  if (E.isLeft(result)) throw new Error(result.left.cause.detail);
  return result.right;
}

async function catchUp(indexer: IndexStakingBlocks): Promise<IndexStep[]> {
  const steps = [await step(indexer)];
  while (!steps[steps.length - 1]?.caughtUp) steps.push(await step(indexer));
  return steps;
}

async function page(board: GetStakingLeaderboard, query = {}): Promise<LeaderboardPage> {
  const result = await board.execute(query)();
  if (E.isLeft(result)) throw new Error(result.left.cause.detail);
  return result.right;
}

describe("IndexStakingBlocks + GetStakingLeaderboard", () => {
  it("on the seeded roles, the honest long stakers lead and every gaming wallet and the 3-day stake stay out", async () => {
    const { indexer, board } = setup();
    await catchUp(indexer);
    const { rows, total } = await page(board);
    expect(rows.map((r) => r.wallet)).to.deep.equal([ROLES.honest1, ROLES.honest2]);
    expect(total).to.equal(2);
    expect(rows[1]).to.include({ rank: 2, stakeEvents: 2, uniqueStakeContracts: 2, longestLockDays: 180 });
  });

  it("reads the chain in bounded steps from where it left off, then idles", async () => {
    const { indexer } = setup(seededWorld(), seededSettings({ indexMaxBlocksPerStep: 100_000 }));
    const steps = await catchUp(indexer);
    expect(steps.length).to.be.greaterThan(5);
    steps.slice(1).forEach((s, i) => expect(s.fromBlock).to.equal((steps[i] as IndexStep).toBlock + 1));
    expect(steps.reduce((n, s) => n + s.activities, 0)).to.equal(12);
    expect(await step(indexer)).to.include({ activities: 0, caughtUp: true });
  });

  it("stops at `upTo` when given (an explorer index that lags the head)", async () => {
    const { indexer, board } = setup();
    const capped = await indexer.execute(1_000)();
    expect(capped).to.deep.equal({
      _tag: "Right",
      right: { fromBlock: 0, toBlock: 1_000, activities: 0, caughtUp: true },
    });
    expect((await page(board)).asOfBlock).to.equal(1_000);
    expect(await step(indexer)).to.include({ fromBlock: 1_001 });
  });

  it("picks up new blocks incrementally: a young stake enters once 7 days have passed", async () => {
    const { world, indexer, board } = setup();
    await catchUp(indexer);
    world.now += 5 * DAY;
    world.stake({ from: ROLES.honest1, contract: VAULT, amount: 10n ** 18n, daysAgo: -4 });
    await catchUp(indexer);
    const wallets = (await page(board, { limit: 100 })).rows.map((r) => r.wallet);
    expect(wallets).to.include(ROLES.young);
    expect((await page(board)).rows.find((r) => r.wallet === ROLES.honest1)?.stakeEvents).to.equal(2);
  });

  it("clamps the page: limit 1..100 (default 50), offset >= 0", async () => {
    const { indexer, board } = setup();
    await catchUp(indexer);
    expect(await page(board, { limit: 0 })).to.include({ limit: 1, offset: 0 });
    expect((await page(board, { limit: 0 })).rows).to.have.length(1);
    expect(await page(board, { limit: 500, offset: -1 })).to.include({ limit: 100, offset: 0 });
    expect((await page(board, { offset: 1 })).rows.map((r) => r.rank)).to.deep.equal([2]);
  });

  it("fails as StakingAnalysisFailed when the chain is down, and records nothing", async () => {
    const { world, indexer, board } = setup();
    world.failing = "rpc";
    const result = await indexer.execute()();
    expect(E.isLeft(result) && result.left._tag).to.equal("StakingAnalysisFailed");
    world.failing = null;
    expect((await page(board)).asOfBlock).to.equal(null);
  });
});
