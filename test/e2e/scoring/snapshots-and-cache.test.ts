import { expect } from "chai";
import { SNAPSHOT_ID_PATTERN } from "../../../src/domain/snapshots/snapshot";
import { type ScoringRig, buildScoringRig } from "./support/scoring-world";
import { sharedDevWorld } from "../../integration/dev-world/dev-world-fixture";

describe("scoring answers: snapshots, cache, explanation (end to end)", function () {
  this.timeout(120_000);
  let rig: ScoringRig;
  let uncached: ScoringRig;

  before(async function () {
    this.timeout(240_000);
    const world = await sharedDevWorld();
    rig = await buildScoringRig(world, 60_000);
    uncached = await buildScoringRig(world, 0);
  });

  after(async () => {
    for (const r of [rig, uncached]) await r.close();
  });

  it("returns every field the HTTP layer shapes, stamped with queriedAt and the head block", async () => {
    const answer = await rig.scoreAddress.execute(rig.manifest.taxToken)();
    if (answer._tag === "Left") throw new Error(JSON.stringify(answer.left));
    const scored = answer.right;
    expect(scored.snapshotId).to.match(SNAPSHOT_ID_PATTERN);
    expect(scored.scoringVersion).to.equal("v1.0");
    expect(Date.parse(scored.queriedAt)).to.be.closeTo(Date.now(), 60_000);
    expect(scored.block.number).to.be.greaterThan(rig.manifest.time.seededHeadBlock - 1);
    expect(scored.explanation).to.have.all.keys(
      "summary",
      "publicExplain",
      "protocolExplain",
      "scoreStability",
      "directionDrivers",
      "recommendation",
    );
    expect(scored.explanation.scoreStability.trend).to.equal("insufficient_history");
    expect(scored.breakdown.final).to.equal(scored.score);
  });

  it("coalesces concurrent requests into one computation and serves repeats from the cache", async () => {
    const subject = rig.manifest.exitSyncToken;
    const before = rig.stats.view().scoresComputed;
    const answers = await Promise.all([1, 2, 3].map(() => rig.scoreAddress.execute(subject)()));
    const again = await rig.scoreAddress.execute(subject)();
    const ids = [...answers, again].map((a) => (a._tag === "Right" ? a.right.snapshotId : "failed"));
    expect(new Set(ids).size).to.equal(1);
    expect(rig.stats.view().scoresComputed - before).to.equal(1);
    const listed = await rig.listSnapshots.execute(subject, 50)();
    expect(listed._tag === "Right" ? listed.right.map((s) => s.id) : []).to.deep.equal([ids[0]]);
  });

  it("lists snapshots newest first, looks one up, and answers not_found under another subject", async () => {
    const subject = uncached.manifest.longLivedWallet;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await uncached.scoreAddress.execute(subject)();
      if (answer._tag === "Right") ids.push(answer.right.snapshotId);
    }
    expect(new Set(ids).size).to.equal(3);
    const listed = await uncached.listSnapshots.execute(subject, 2)();
    expect(listed._tag === "Right" ? listed.right.map((s) => s.id) : []).to.deep.equal([ids[2], ids[1]]);
    const found = await uncached.getSnapshot.execute(subject, ids[0]!)();
    expect(found._tag === "Right" ? found.right.tier : null).to.be.oneOf(["HIGH", "ELITE"]);
    const elsewhere = await uncached.getSnapshot.execute(uncached.manifest.freshWallet, ids[0]!)();
    expect(elsewhere._tag === "Left" ? elsewhere.left._tag : null).to.equal("SnapshotNotFound");
    const third = await uncached.scoreAddress.execute(subject)();
    expect(third._tag === "Right" ? third.right.explanation.scoreStability.trend : null).to.equal("stable");
  });
});
