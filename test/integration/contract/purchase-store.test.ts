import { expect } from "chai";
import type { PurchaseStore } from "../../../src/application/ports/purchase-store.port";
import { InMemoryPurchaseStore } from "../../../src/adapters/storage/in-memory-purchase-store.adapter";
import { PostgresPurchaseStore } from "../../../src/adapters/storage/postgres-purchase-store.adapter";
import { migratedSchema, type MigratedSchema } from "../../support/migrated-schema";
import { right } from "./support/task-either";

/** A schema of our own per run, migrated like production and dropped afterwards. */
let db: MigratedSchema;
before(async () => {
  db = await migratedSchema("purchases");
});
after(async () => db.drop());

let counter = 0;
const fresh = (what: string) => `${what}_${process.pid}_${Date.now()}_${counter++}`;
const response = (score: number) => ({
  answer: { score, text: "“quoted” ✓" },
  headers: { "PAYMENT-RESPONSE": "e30=" },
  settlement: { transaction: "0x" + "ab".repeat(32), payer: "0x" + "cd".repeat(20), value: "1000" },
});

function purchaseStoreContract(name: string, makeStore: () => PurchaseStore): void {
  describe(`PurchaseStore contract: ${name}`, () => {
    it("serves the newest purchase of a payer for a resource within the window, payer in any letter case", async () => {
      const store = makeStore();
      const [payer, resource] = ["0x" + "AB".repeat(20), fresh("https://x/api/oracle")];
      await right(store.record(payer, resource, response(1), 1_000));
      await right(store.record(payer, resource, response(2), 2_000));
      expect(await right(store.latest(payer.toLowerCase(), resource, 1_500))).to.deep.equal({
        response: response(2),
        atMs: 2_000,
      });
      expect(await right(store.latest(payer, resource, 2_001))).to.equal(null);
      expect(await right(store.latest(payer, `${resource}/other`, 0))).to.equal(null);
      expect(await right(store.latest("0x" + "ef".repeat(20), resource, 0))).to.equal(null);
    });

    it("a nonce is usable once while it is kept, also under concurrency", async () => {
      const store = makeStore();
      const nonce = fresh("nonce");
      const uses = await Promise.all(Array.from({ length: 8 }, () => right(store.useNonce(nonce, 10_000, 1))));
      expect(uses.filter(Boolean)).to.have.length(1);
      expect(await right(store.useNonce(nonce, 10_000, 2))).to.equal(false);
      // Kept up to and including its last valid instant.
      expect(await right(store.useNonce(nonce, 20_000, 10_000))).to.equal(false);
    });

    it("a nonce is forgotten once it is past keeping (its message is refused by age by then)", async () => {
      const store = makeStore();
      const [old, other] = [fresh("nonce"), fresh("nonce")];
      expect(await right(store.useNonce(old, 10_000, 1))).to.equal(true);
      expect(await right(store.useNonce(other, 30_000, 10_001))).to.equal(true);
      // Pruned by the use above: taken again as new, which only a message signed after it can do.
      expect(await right(store.useNonce(old, 40_000, 10_002))).to.equal(true);
      expect(await right(store.useNonce(other, 40_000, 10_003))).to.equal(false);
    });
  });
}

purchaseStoreContract("in-memory", () => new InMemoryPurchaseStore());
purchaseStoreContract("postgres", () => new PostgresPurchaseStore({ pool: db.pool }));

describe("PostgresPurchaseStore: sign-in nonces", () => {
  it("deletes the rows of nonces past keeping, leaving the ones still kept (issue 28/5: they were kept forever)", async () => {
    const store = new PostgresPurchaseStore({ pool: db.pool });
    const [stale, live] = [fresh("stale"), fresh("live")];
    const kept = async () =>
      (
        await db.pool.query<{ nonce: string }>("SELECT nonce FROM paid_answers_nonces WHERE nonce = ANY($1)", [
          [stale, live],
        ])
      ).rows.map((r) => r.nonce);
    await right(store.useNonce(stale, 5_000_000, 4_000_000));
    await right(store.useNonce(live, 9_000_000, 5_000_001));
    expect(await kept()).to.deep.equal([live]);
  });
});
