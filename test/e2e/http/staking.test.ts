import { expect } from "chai";
import { appWorld, type AppWorld } from "./support/app-world";
import { getJson } from "./support/http-client";

interface LeaderboardRow {
  readonly rank: number;
  readonly wallet: string;
  readonly committedScore: number;
  readonly totalPoints: number;
}

describe("HTTP e2e: staking", function () {
  this.timeout(120_000);
  let w: AppWorld;
  before(async () => {
    w = await appWorld();
  });

  it("the leaderboard is led by the honest stakers and lists no gaming wallet", async () => {
    const res = await getJson<{ rows: LeaderboardRow[] }>(`${w.url}/api/staking/leaderboard`);
    expect(res.status).to.equal(200);
    const { rows } = res.body;
    const { honestStakers, stakingRing, churner, selfStakingDeployer, unstakeAfterDeploy, recentStaker } = w.manifest;
    expect(rows.map((r) => r.rank)).to.deep.equal(rows.map((_, i) => i + 1));
    expect(rows.slice(0, honestStakers.length).map((r) => r.wallet)).to.have.members([...honestStakers]);
    for (const row of rows) expect(row).to.include.all.keys("rank", "wallet", "committedScore", "totalPoints");
    const gaming = new Set<string>([...stakingRing, churner, selfStakingDeployer, unstakeAfterDeploy, recentStaker]);
    expect(rows.filter((r) => gaming.has(r.wallet)).map((r) => r.wallet)).to.deep.equal([]);
  });

  it("flags the churner with STAKE_CHURN and gives it no score boost", async () => {
    const res = await getJson(`${w.url}/api/staking/analyze/${w.manifest.churner}`);
    expect(res.status).to.equal(200);
    expect(res.body.wallet).to.equal(w.manifest.churner);
    expect(res.body.gamingFlags.map((f: { code: string }) => f.code)).to.include("STAKE_CHURN");
    expect(res.body.scoreBoost).to.equal(0);
    expect(res.body.formula).to.include.all.keys(
      "diversityBonusApplied",
      "consistencyBonusApplied",
      "decayFactor",
      "positionsAwarded",
      "positionsVoided",
    );
  });

  it("gives a stake younger than 7 days (recentStaker) no points", async () => {
    const res = await getJson(`${w.url}/api/staking/analyze/${w.manifest.recentStaker}`);
    expect(res.status).to.equal(200);
    expect(res.body.stakeEvents).to.be.greaterThan(0);
    expect(res.body.totalPoints).to.equal(0);
  });

  it("rejects a malformed address with 400 invalid_address", async () => {
    const res = await getJson(`${w.url}/api/staking/analyze/0xzz`);
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal({ error: "invalid_address" });
  });
});
