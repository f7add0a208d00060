import { expect } from "chai";
import type { RevocationStore } from "../../../src/application/ports/revocation-store.port";
import { REVOCATION_REASONS, type Revocation } from "../../../src/domain/gating/revocation";
import { right } from "./support/task-either";

let counter = 0;
/** A fresh id per revocation, so suites may share one table. */
const freshId = () => `att_${(process.pid * 1_000_000 + Date.now() * 10 + counter++).toString(16).padStart(32, "0")}`;
const freshUid = () => `0x${freshId().slice(4).padStart(64, "a")}`;

const revocation = (id: string, n: number): Revocation => ({
  id,
  revokedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
  reason: REVOCATION_REASONS[n % REVOCATION_REASONS.length]!,
  // Every other record without a note: null must read back as null, not "".
  note: n % 2 === 0 ? null : `note ${n}: <key> rotated — “quoted” ✓ & 𝔘`,
});

/** The behaviour every RevocationStore adapter must show. */
export function revocationStoreContract(name: string, makeStore: () => RevocationStore): void {
  describe(`RevocationStore contract: ${name}`, () => {
    it("an unknown id is not revoked", async () => {
      expect(await right(makeStore().find(freshId()))).to.equal(null);
    });

    it("records a revocation and reads it back exactly (Credence id and EAS UID)", async () => {
      const store = makeStore();
      for (const id of [freshId(), freshUid()]) {
        const r = revocation(id, 1);
        expect(await right(store.revoke(r))).to.deep.equal(r);
        expect(await right(store.find(id))).to.deep.equal(r);
      }
    });

    it("revoking again keeps the first record (time, reason and note)", async () => {
      const store = makeStore();
      const id = freshId();
      const first = revocation(id, 1);
      await right(store.revoke(first));
      expect(await right(store.revoke(revocation(id, 2)))).to.deep.equal(first);
      expect(await right(store.find(id))).to.deep.equal(first);
    });

    it("of concurrent revocations of one id exactly one stands, and every caller sees it", async () => {
      const store = makeStore();
      const id = freshId();
      const answers = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((n) => right(store.revoke(revocation(id, n)))));
      const stored = await right(store.find(id));
      expect(stored).to.not.equal(null);
      for (const answer of answers) expect(answer).to.deep.equal(stored);
    });

    it("lists newest first, bounded by the limit", async () => {
      const store = makeStore();
      const ids = [freshId(), freshId(), freshId()];
      for (const [n, id] of ids.entries()) await right(store.revoke(revocation(id, n)));
      const listed = await right(store.list(2));
      expect(listed.map((r) => r.id)).to.deep.equal([ids[2], ids[1]]);
      expect(await right(store.list(0))).to.deep.equal([]);
    });
  });
}
