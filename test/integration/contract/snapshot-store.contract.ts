import { expect } from "chai";
import type { SnapshotStore } from "../../../src/application/ports/snapshot-store.port";
import type { Address } from "../../../src/domain/chain/address";
import type { SnapshotDraft } from "../../../src/domain/snapshots/snapshot";

const alice = ("0x" + "a".repeat(40)) as Address;
const bob = ("0x" + "b".repeat(40)) as Address;

export const draft = (subject: Address, score: number): SnapshotDraft => ({
  subject,
  subjectType: "wallet",
  score,
  tier: "MEDIUM",
  confidence: 70,
  flags: ["VELOCITY_BURST"],
  scoringVersion: "v1.0",
  queriedAt: "2026-11-22T10:00:00.000Z",
  block: { number: 100, timestamp: 1_800_000_000 },
});

/** The behaviour every SnapshotStore adapter must show. */
export function snapshotStoreContract(name: string, makeStore: () => SnapshotStore): void {
  describe(`SnapshotStore contract: ${name}`, () => {
    it("records with a snap_ id and a content hash, and finds it by id", async () => {
      const store = makeStore();
      const recorded = await store.record(draft(alice, 61));
      expect(recorded.id).to.match(/^snap_[0-9a-f]{16,64}$/);
      expect(recorded.contentHash).to.match(/^sha256:[0-9a-f]{64}$/);
      expect(await store.byId(recorded.id)).to.deep.equal(recorded);
    });

    it("unknown ids are null", async () => {
      expect(await makeStore().byId("snap_0000000000000000")).to.equal(null);
    });

    it("lists newest first, per subject, up to the limit", async () => {
      const store = makeStore();
      for (const score of [10, 20, 30]) await store.record(draft(alice, score));
      await store.record(draft(bob, 99));
      expect((await store.listFor(alice, 2)).map((s) => s.score)).to.deep.equal([30, 20]);
      expect((await store.listFor(bob, 50)).map((s) => s.score)).to.deep.equal([99]);
      expect(await store.listFor(("0x" + "c".repeat(40)) as Address, 5)).to.deep.equal([]);
    });

    it("equal content gives equal hashes, different content different ones", async () => {
      const store = makeStore();
      const a = await store.record(draft(alice, 50));
      const b = await store.record(draft(alice, 50));
      const c = await store.record(draft(alice, 51));
      expect(a.id).not.to.equal(b.id);
      expect(a.contentHash).to.equal(b.contentHash);
      expect(a.contentHash).not.to.equal(c.contentHash);
    });
  });
}
