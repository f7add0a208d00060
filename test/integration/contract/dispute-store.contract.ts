import { expect } from "chai";
import { randomBytes } from "node:crypto";
import type { DisputeStore } from "../../../src/application/ports/dispute-store.port";
import { type Address, asAddress } from "../../../src/domain/chain/address";
import type { Dispute, DisputeDecision } from "../../../src/domain/review/dispute";
import { right } from "./support/task-either";

/** A fresh address per test, so suites may share one table. */
const address = (): Address => asAddress(`0x${randomBytes(20).toString("hex")}`);
const id = (): string => `dsp_${randomBytes(16).toString("hex")}`;

const filed = (subject: Address, n: number, extra: Partial<Dispute> = {}): Dispute => ({
  id: id(),
  address: subject,
  flag: "CANNOT_SELL_ALL",
  reason: `holders sell fine (${n})`,
  evidence: null,
  contact: null,
  ownerSigned: false,
  signer: null,
  status: "open",
  filedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
  decidedAt: null,
  decisionReason: null,
  action: null,
  ...extra,
});

const UPHOLD: DisputeDecision = { status: "upheld", reason: "every real holder sold", action: "downgrade" };
const REJECT: DisputeDecision = { status: "rejected", reason: "the trap is proven", action: null };
const DECIDED_AT = "2026-02-01T00:00:00.000Z";

/** The behaviour every DisputeStore adapter must show (issue 29 item 5). */
export function disputeStoreContract(name: string, makeStore: () => DisputeStore): void {
  describe(`DisputeStore contract: ${name}`, () => {
    it("an unknown id is null, an address without disputes has none, deciding an unknown id is not_found", async () => {
      const store = makeStore();
      expect(await right(store.find(id()))).to.equal(null);
      expect(await right(store.forAddress(address(), 10))).to.deep.equal([]);
      expect(await right(store.decide(id(), UPHOLD, DECIDED_AT))).to.deep.equal({ kind: "not_found" });
    });

    it("reads back every field, unicode and a signer included", async () => {
      const store = makeStore();
      const subject = address();
      const dispute = filed(subject, 1, {
        reason: "owner disputes — “tax” ✓ <b>",
        evidence: "https://example.org/tx/0xabc and more",
        contact: "ops@example.org",
        ownerSigned: true,
        signer: address(),
        flag: "HONEYPOT_PATTERN",
      });
      await right(store.add(dispute));
      expect(await right(store.find(dispute.id))).to.deep.equal(dispute);
    });

    it("lists an address's disputes newest filed first, bounded, that address only", async () => {
      const store = makeStore();
      const [subject, other] = [address(), address()];
      const [a, b, c] = [filed(subject, 1), filed(subject, 2), filed(subject, 3)];
      for (const d of [a, filed(other, 4), b, c]) await right(store.add(d));
      expect(await right(store.forAddress(subject, 10))).to.deep.equal([c, b, a]);
      expect(await right(store.forAddress(subject, 2))).to.deep.equal([c, b]);
    });

    it("adding an id again keeps the first record", async () => {
      const store = makeStore();
      const first = filed(address(), 1);
      await right(store.add(first));
      await right(store.add({ ...first, reason: "replaced?" }));
      expect(await right(store.find(first.id))).to.deep.equal(first);
    });

    it("decides an open dispute once; a later decision finds it decided and changes nothing", async () => {
      const store = makeStore();
      const dispute = filed(address(), 1);
      await right(store.add(dispute));
      const upheld = {
        ...dispute,
        status: "upheld",
        decidedAt: DECIDED_AT,
        decisionReason: UPHOLD.reason,
        action: "downgrade",
      };
      expect(await right(store.decide(dispute.id, UPHOLD, DECIDED_AT))).to.deep.equal({
        kind: "decided",
        dispute: upheld,
      });
      expect(await right(store.decide(dispute.id, REJECT, "2026-03-01T00:00:00.000Z"))).to.deep.equal({
        kind: "already_decided",
        dispute: upheld,
      });
      expect(await right(store.find(dispute.id))).to.deep.equal(upheld);
      expect(await right(store.forAddress(dispute.address, 10))).to.deep.equal([upheld]);
    });

    it("a rejection stores no action", async () => {
      const store = makeStore();
      const dispute = filed(address(), 1);
      await right(store.add(dispute));
      const outcome = await right(store.decide(dispute.id, REJECT, DECIDED_AT));
      expect(outcome.kind === "decided" && outcome.dispute).to.include({ status: "rejected", action: null });
    });

    it("of concurrent decisions exactly one is written", async () => {
      const store = makeStore();
      const dispute = filed(address(), 1);
      await right(store.add(dispute));
      const decisions = [1, 2, 3, 4, 5, 6].map((n) => (n % 2 === 0 ? UPHOLD : { ...REJECT, reason: `no ${n}` }));
      const outcomes = await Promise.all(decisions.map((d) => right(store.decide(dispute.id, d, DECIDED_AT))));
      const written = outcomes.filter((o) => o.kind === "decided");
      expect(written).to.have.length(1);
      const standing = await right(store.find(dispute.id));
      expect(written[0]).to.deep.equal({ kind: "decided", dispute: standing });
      for (const o of outcomes.filter((x) => x.kind !== "decided"))
        expect(o).to.deep.equal({ kind: "already_decided", dispute: standing });
    });
  });
}
