import { expect } from "chai";
import { randomBytes } from "node:crypto";
import type { FeedbackStore } from "../../../src/application/ports/feedback-store.port";
import { type Address, asAddress } from "../../../src/domain/chain/address";
import type { FeedbackEntry } from "../../../src/domain/feedback/feedback";
import type { FlagCode } from "../../../src/domain/scoring/flag-catalogue";
import { right } from "./support/task-either";

const address = (): Address => asAddress(`0x${randomBytes(20).toString("hex")}`);
let n = 0;
function entry(
  subject: Address,
  flag: FlagCode | null,
  verdict: FeedbackEntry["verdict"] = "false_positive",
): FeedbackEntry {
  n += 1;
  return {
    id: `fb_${Date.now()}_${n}_${randomBytes(4).toString("hex")}`,
    address: subject,
    flag,
    verdict,
    note: n % 2 === 0 ? "looks like an honest fee" : null,
    contact: null,
    receivedAt: new Date(1_764_000_000_000 + n * 1000).toISOString(),
  };
}

/** One suite for every FeedbackStore adapter; `make(kept)` gives a store that keeps at most `kept` entries. */
export function feedbackStoreContract(name: string, make: (kept?: number) => FeedbackStore): void {
  describe(`FeedbackStore contract (${name})`, () => {
    it("lists newest first, reading back every field, and pages with offset", async () => {
      const store = make();
      const subject = address();
      const [a, b, c] = [
        entry(subject, "HIGH_SELL_TAX"),
        entry(subject, null, "false_negative"),
        entry(subject, "ANTI_WHALE"),
      ];
      for (const e of [a, b, c]) await right(store.add(e));
      expect(await right(store.list(3, 0))).to.deep.equal([c, b, a]);
      expect(await right(store.list(1, 1))).to.deep.equal([b]);
    });

    it("lists one address's entries newest first, pages them, and shows no other address", async () => {
      const store = make();
      const [subject, other] = [address(), address()];
      const [a, x, b, c] = [
        entry(subject, "OWNER_CAN_MINT"),
        entry(other, "WASH_TRADING"),
        entry(subject, null, "false_negative"),
        entry(subject, "ANTI_WHALE"),
      ];
      for (const e of [a, x, b, c]) await right(store.add(e));
      expect(await right(store.listFor(subject, 10, 0))).to.deep.equal([c, b, a]);
      expect(await right(store.listFor(subject, 1, 1))).to.deep.equal([b]);
      expect(await right(store.listFor(other, 10, 0))).to.deep.equal([x]);
      expect(await right(store.listFor(address(), 10, 0))).to.deep.equal([]);
    });

    it("keeps only the newest entries when full", async () => {
      const store = make(3);
      const subject = address();
      const entries = Array.from({ length: 5 }, () => entry(subject, "ANTI_WHALE"));
      for (const e of entries) await right(store.add(e));
      expect(await right(store.list(10, 0))).to.deep.equal(entries.slice(2).reverse());
      expect(await right(store.listFor(subject, 10, 0))).to.deep.equal(entries.slice(2).reverse());
    });

    it("loses no entry among concurrent writers", async () => {
      const store = make();
      const subject = address();
      const entries = Array.from({ length: 20 }, () => entry(subject, "VELOCITY_BURST"));
      await Promise.all(entries.map((e) => right(store.add(e))));
      const listed = await right(store.list(20, 0));
      expect(listed.map((e) => e.id).sort()).to.deep.equal(entries.map((e) => e.id).sort());
    });
  });
}
