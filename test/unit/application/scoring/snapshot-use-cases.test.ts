import { expect } from "chai";
import { InMemorySnapshotStore } from "../../../../src/adapters/storage/in-memory-snapshot-store.adapter";
import { GetSnapshot } from "../../../../src/application/use-cases/scoring/get-snapshot.use-case";
import { ListSnapshots } from "../../../../src/application/use-cases/scoring/list-snapshots.use-case";
import { clampSnapshotLimit } from "../../../../src/domain/snapshots/snapshot";
import type { SnapshotDraft } from "../../../../src/domain/snapshots/snapshot";
import { addr } from "../../../support/fakes/scoring-fakes";

const WALLET = addr(0x1);
const draft = (score: number, subject = WALLET): SnapshotDraft => ({
  subject,
  subjectType: "wallet",
  score,
  tier: "HIGH",
  confidence: 90,
  flags: [],
  scoringVersion: "v1.0",
  queriedAt: new Date(1_700_000_000_000 + score * 1_000).toISOString(),
  block: { number: score, timestamp: score },
});

describe("snapshot use-cases", () => {
  it("clamps limit to 1..50 with 20 by default", () => {
    expect([undefined, Number.NaN, 0, -3, 7.9, 50, 51, 1_000].map(clampSnapshotLimit)).to.deep.equal([
      20, 20, 1, 1, 7, 50, 50, 50,
    ]);
  });

  it("lists newest first within the limit", async () => {
    const store = new InMemorySnapshotStore();
    const ids = [];
    for (const score of [61, 62, 63]) ids.push((await store.record(draft(score))).id);
    const listed = await new ListSnapshots(store).execute(WALLET, 2)();
    expect(listed._tag === "Right" ? listed.right.map((s) => s.id) : []).to.deep.equal([ids[2], ids[1]]);
  });

  it("finds a snapshot by id only under its own subject", async () => {
    const store = new InMemorySnapshotStore();
    const { id } = await store.record(draft(70));
    const get = new GetSnapshot(store);
    const found = await get.execute(WALLET, id)();
    expect(found._tag === "Right" ? found.right.score : null).to.equal(70);
    for (const [subject, wanted] of [
      [addr(0x2), id],
      [WALLET, "snap_0000000000000000"],
    ] as const) {
      const missing = await get.execute(subject, wanted)();
      expect(missing._tag === "Left" ? missing.left._tag : null).to.equal("SnapshotNotFound");
    }
  });
});
