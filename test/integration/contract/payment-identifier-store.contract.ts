import { expect } from "chai";
import type {
  PaymentIdentifierStore,
  StoredPaidResponse,
} from "../../../src/application/ports/payment-identifier-store.port";
import { PAYMENT_ID_LEASE_MS } from "../../../src/domain/payment/payment-identifier";
import { right } from "./support/task-either";

let counter = 0;
const freshId = () => `pay_${process.pid}_${Date.now()}_${counter++}_contract`;
const NOW = 1_760_000_000_000;

const response: StoredPaidResponse = {
  answer: { address: "0xab", score: 71, nested: { list: [1, "two", null] }, text: "“quoted” ✓" },
  headers: { "PAYMENT-RESPONSE": "eyJzdWNjZXNzIjp0cnVlfQ==", "X-PAYMENT-RESPONSE": "e30=" },
  settlement: { transaction: "0x" + "12".repeat(32), payer: "0x" + "34".repeat(20), value: "1000" },
};

/** The behaviour every PaymentIdentifierStore adapter must show. */
export function paymentIdentifierStoreContract(name: string, makeStore: () => PaymentIdentifierStore): void {
  describe(`PaymentIdentifierStore contract: ${name}`, () => {
    it("a new id is claimed; while its request runs the same payload waits and another conflicts", async () => {
      const store = makeStore();
      const id = freshId();
      expect(await right(store.claim(id, "payload A", NOW))).to.deep.equal({ _tag: "claimed" });
      expect(await right(store.claim(id, "payload A", NOW + 1))).to.deep.equal({ _tag: "pending" });
      expect(await right(store.claim(id, "payload B", NOW + 1))).to.deep.equal({ _tag: "conflict" });
    });

    it("a completed id serves the stored response exactly to the same payload, and conflicts for any other", async () => {
      const store = makeStore();
      const id = freshId();
      await right(store.claim(id, "payload A", NOW));
      await right(store.complete(id, response));
      expect(await right(store.claim(id, "payload A", NOW + 5))).to.deep.equal({ _tag: "completed", response });
      expect(await right(store.claim(id, "payload B", NOW + 5))).to.deep.equal({ _tag: "conflict" });
    });

    it("a released id is free again; a completed one is never released", async () => {
      const store = makeStore();
      const id = freshId();
      await right(store.claim(id, "payload A", NOW));
      await right(store.release(id));
      expect(await right(store.claim(id, "payload B", NOW))).to.deep.equal({ _tag: "claimed" });
      await right(store.complete(id, response));
      await right(store.release(id));
      expect((await right(store.claim(id, "payload B", NOW)))._tag).to.equal("completed");
    });

    it("a pending claim past its lease is taken over once", async () => {
      const store = makeStore();
      const id = freshId();
      await right(store.claim(id, "payload A", NOW));
      const later = NOW + PAYMENT_ID_LEASE_MS + 1;
      const claims = await Promise.all([1, 2, 3, 4].map(() => right(store.claim(id, "payload A", later))));
      expect(claims.filter((c) => c._tag === "claimed")).to.have.length(1);
    });

    it("of 10 concurrent claims of one id exactly one is claimed", async () => {
      const store = makeStore();
      const id = freshId();
      const claims = await Promise.all(Array.from({ length: 10 }, () => right(store.claim(id, "payload A", NOW))));
      expect(claims.filter((c) => c._tag === "claimed")).to.have.length(1);
      expect(claims.filter((c) => c._tag === "pending")).to.have.length(9);
    });
  });
}
