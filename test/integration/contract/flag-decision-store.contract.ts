import { expect } from "chai";
import { randomBytes } from "node:crypto";
import type { FlagDecisionStore } from "../../../src/application/ports/flag-decision-store.port";
import { type Address, asAddress } from "../../../src/domain/chain/address";
import type { FlagDecision } from "../../../src/domain/review/flag-decision";
import type { FlagCode } from "../../../src/domain/scoring/flag-catalogue";
import { right } from "./support/task-either";

/** A fresh address per test, so suites may share one table. */
const address = (): Address => asAddress(`0x${randomBytes(20).toString("hex")}`);

const decision = (
  subject: Address,
  flag: FlagCode,
  kind: FlagDecision["decision"],
  n: number,
  note: string | null = null,
): FlagDecision => ({
  address: subject,
  flag,
  decision: kind,
  note,
  decidedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
});

/** The behaviour every FlagDecisionStore adapter must show (issue 28 finding 3). */
export function flagDecisionStoreContract(name: string, makeStore: () => FlagDecisionStore): void {
  describe(`FlagDecisionStore contract: ${name}`, () => {
    it("an address without decisions has none", async () => {
      expect(await right(makeStore().forAddress(address()))).to.deep.equal([]);
    });

    it("reads back every field, ordered by flag code, for that address only", async () => {
      const store = makeStore();
      const [subject, other] = [address(), address()];
      const honeypot = decision(subject, "HONEYPOT_PATTERN", "under_review", 1, "owner disputes — “tax” ✓ <b>");
      const whale = decision(subject, "ANTI_WHALE", "review_closed", 2);
      for (const d of [honeypot, decision(other, "WASH_TRADING", "under_review", 3), whale])
        await right(store.record(d));
      expect(await right(store.forAddress(subject))).to.deep.equal([whale, honeypot]);
    });

    it("a later decision on the same flag replaces the earlier one", async () => {
      const store = makeStore();
      const subject = address();
      await right(store.record(decision(subject, "HONEYPOT_PATTERN", "under_review", 1, "first")));
      const closed = decision(subject, "HONEYPOT_PATTERN", "review_closed", 2);
      await right(store.record(closed));
      expect(await right(store.forAddress(subject))).to.deep.equal([closed]);
    });

    it("of concurrent decisions on one flag exactly one stands", async () => {
      const store = makeStore();
      const subject = address();
      const all = [1, 2, 3, 4, 5, 6].map((n) =>
        decision(subject, "EXIT_SYNC", n % 2 === 0 ? "under_review" : "review_closed", n, `note ${n}`),
      );
      await Promise.all(all.map((d) => right(store.record(d))));
      const standing = await right(store.forAddress(subject));
      expect(standing).to.have.length(1);
      expect(all).to.deep.include(standing[0]);
    });
  });
}
