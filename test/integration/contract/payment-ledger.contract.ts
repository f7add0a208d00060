import { expect } from "chai";
import type { PaymentLedger } from "../../../src/application/ports/payment-ledger.port";
import type { Address } from "../../../src/domain/chain/address";
import type { TxHash } from "../../../src/domain/chain/chain-types";
import type { PaymentKey } from "../../../src/domain/payment/payment-proof";
import { right } from "./support/task-either";

const payer = ("0x" + "ab".repeat(20)) as Address;
const transaction = ("0x" + "cd".repeat(32)) as TxHash;
let counter = 0;
/** A fresh key per test, so suites may share one database table. */
const freshKey = (): PaymentKey => `authorization:5042002:test:${Date.now()}:${counter++}` as PaymentKey;

/** The behaviour every PaymentLedger adapter must show. */
export function paymentLedgerContract(name: string, makeLedger: () => PaymentLedger): void {
  describe(`PaymentLedger contract: ${name}`, () => {
    it("reserves a key once; a second reserve of a live key is already_used", async () => {
      const ledger = makeLedger();
      const key = freshKey();
      expect(await right(ledger.reserve(key, 2_000, 1_000))).to.equal("reserved");
      expect(await right(ledger.reserve(key, 2_000, 1_001))).to.equal("already_used");
      expect(await right(ledger.find(key))).to.deep.include({ key, status: "reserved", expiresAt: 2_000 });
    });

    it("of 20 concurrent reserves of one key exactly one wins", async () => {
      const ledger = makeLedger();
      const key = freshKey();
      const outcomes = await Promise.all(Array.from({ length: 20 }, () => right(ledger.reserve(key, 2_000, 1_000))));
      expect(outcomes.filter((o) => o === "reserved")).to.have.length(1);
      expect(outcomes.filter((o) => o === "already_used")).to.have.length(19);
    });

    it("an expired, unsettled reservation may be taken again, not before", async () => {
      const ledger = makeLedger();
      const key = freshKey();
      await right(ledger.reserve(key, 1_500, 1_000));
      expect(await right(ledger.reserve(key, 3_000, 1_499))).to.equal("already_used");
      expect(await right(ledger.reserve(key, 3_000, 1_500))).to.equal("reserved");
      expect((await right(ledger.find(key)))?.expiresAt).to.equal(3_000);
    });

    it("a settled key is never reserved again, even after expiry", async () => {
      const ledger = makeLedger();
      const key = freshKey();
      await right(ledger.reserve(key, 1_500, 1_000));
      await right(ledger.markSettled(key, { transaction, payer, value: 1_000n }));
      expect(await right(ledger.reserve(key, 9_000, 5_000))).to.equal("already_used");
      expect(await right(ledger.find(key))).to.deep.include({ status: "settled", payer, transaction, value: 1_000n });
    });

    it("release frees an unsettled reservation but leaves a settled one", async () => {
      const ledger = makeLedger();
      const [open, paid] = [freshKey(), freshKey()];
      await right(ledger.reserve(open, 2_000, 1_000));
      await right(ledger.reserve(paid, 2_000, 1_000));
      await right(ledger.markSettled(paid, { transaction, payer, value: 5n }));
      await right(ledger.release(open));
      await right(ledger.release(paid));
      expect(await right(ledger.find(open))).to.equal(null);
      expect(await right(ledger.reserve(open, 2_000, 1_000))).to.equal("reserved");
      expect((await right(ledger.find(paid)))?.status).to.equal("settled");
    });

    it("a spent key is never reserved, even after a lapsed reservation, and counts no money", async () => {
      const ledger = makeLedger();
      const before = await right(ledger.totals());
      const fresh = freshKey();
      await right(ledger.spend(fresh));
      expect(await right(ledger.reserve(fresh, 2_000, 1_000))).to.equal("already_used");
      expect(await right(ledger.reserve(fresh, 9_000, 5_000))).to.equal("already_used");
      const reserved = freshKey();
      await right(ledger.reserve(reserved, 2_000, 1_000));
      await right(ledger.spend(reserved));
      expect((await right(ledger.find(reserved)))?.status).to.equal("spent");
      expect(await right(ledger.reserve(reserved, 9_000, 5_000))).to.equal("already_used");
      expect(await right(ledger.totals())).to.deep.equal(before);
    });

    it("an uncertain key stays held and is claimed back by exactly one of concurrent callers", async () => {
      const ledger = makeLedger();
      const key = freshKey();
      await right(ledger.reserve(key, 2_000, 1_000));
      await right(ledger.markUncertain(key));
      expect((await right(ledger.find(key)))?.status).to.equal("uncertain");
      expect(await right(ledger.reserve(key, 9_000, 5_000))).to.equal("already_used");
      const claims = await Promise.all(Array.from({ length: 8 }, () => right(ledger.claimUncertain(key))));
      expect(claims.filter((c) => c)).to.have.length(1);
      expect((await right(ledger.find(key)))?.status).to.equal("reserved");
      expect(await right(ledger.claimUncertain(freshKey()))).to.equal(false);
    });

    it("spending a settled key keeps its money record", async () => {
      const ledger = makeLedger();
      const key = freshKey();
      await right(ledger.reserve(key, 2_000, 1_000));
      await right(ledger.markSettled(key, { transaction, payer, value: 5n }));
      await right(ledger.spend(key));
      expect(await right(ledger.find(key))).to.deep.include({ status: "settled", value: 5n });
    });

    it("unknown keys are null", async () => {
      expect(await right(makeLedger().find(freshKey()))).to.equal(null);
    });

    it("round-trips values beyond 64 bits and counts them in the totals", async () => {
      const ledger = makeLedger();
      const before = await right(ledger.totals());
      const huge = 2n ** 255n + 12_345n;
      const key = freshKey();
      await right(ledger.reserve(key, 2_000, 1_000));
      await right(ledger.markSettled(key, { transaction, payer, value: huge }));
      expect((await right(ledger.find(key)))?.value).to.equal(huge);
      const after = await right(ledger.totals());
      expect(after.paidQueries - before.paidQueries).to.equal(1);
      expect(after.valueMoved - before.valueMoved).to.equal(huge);
    });

    it("reservations that were not settled do not count as paid", async () => {
      const ledger = makeLedger();
      const before = await right(ledger.totals());
      await right(ledger.reserve(freshKey(), 2_000, 1_000));
      expect(await right(ledger.totals())).to.deep.equal(before);
    });
  });
}
