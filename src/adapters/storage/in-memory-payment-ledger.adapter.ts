import * as TE from "fp-ts/TaskEither";
import { injectable } from "inversify";
import type { UpstreamFailure } from "../../application/failures";
import type {
  PaymentLedger,
  PaymentRecord,
  PaymentTotals,
  ReserveOutcome,
} from "../../application/ports/payment-ledger.port";
import type { ChainTime } from "../../domain/chain/chain-types";
import type { PaymentKey } from "../../domain/payment/payment-proof";
import type { Settlement } from "../../domain/payment/settlement-response";

/**
 * Ledger in process memory: atomic because each call runs to completion on the event loop.
 * Reservations die with the process, so use it for tests and single-process development only.
 */
@injectable()
export class InMemoryPaymentLedger implements PaymentLedger {
  private readonly records = new Map<PaymentKey, PaymentRecord>();

  reserve(key: PaymentKey, expiresAt: ChainTime, now: ChainTime): TE.TaskEither<UpstreamFailure, ReserveOutcome> {
    return TE.fromIO(() => {
      const existing = this.records.get(key);
      if (existing !== undefined && (existing.status !== "reserved" || existing.expiresAt > now)) return "already_used";
      this.records.set(key, { key, status: "reserved", expiresAt, payer: null, value: null, transaction: null });
      return "reserved";
    });
  }

  markSettled(key: PaymentKey, settlement: Settlement): TE.TaskEither<UpstreamFailure, void> {
    return TE.fromIO(() => {
      const expiresAt = this.records.get(key)?.expiresAt ?? 0;
      this.records.set(key, { key, status: "settled", expiresAt, ...settlement });
    });
  }

  spend(key: PaymentKey): TE.TaskEither<UpstreamFailure, void> {
    return TE.fromIO(() => {
      if (this.records.get(key)?.status === "settled") return;
      this.records.set(key, { key, status: "spent", expiresAt: 0, payer: null, value: null, transaction: null });
    });
  }

  markUncertain(key: PaymentKey): TE.TaskEither<UpstreamFailure, void> {
    return TE.fromIO(() => {
      const existing = this.records.get(key);
      if (existing?.status === "reserved") this.records.set(key, { ...existing, status: "uncertain" });
    });
  }

  claimUncertain(key: PaymentKey): TE.TaskEither<UpstreamFailure, boolean> {
    return TE.fromIO(() => {
      const existing = this.records.get(key);
      if (existing?.status !== "uncertain") return false;
      this.records.set(key, { ...existing, status: "reserved" });
      return true;
    });
  }

  release(key: PaymentKey): TE.TaskEither<UpstreamFailure, void> {
    return TE.fromIO(() => {
      if (this.records.get(key)?.status === "reserved") this.records.delete(key);
    });
  }

  find(key: PaymentKey): TE.TaskEither<UpstreamFailure, PaymentRecord | null> {
    return TE.fromIO(() => this.records.get(key) ?? null);
  }

  totals(): TE.TaskEither<UpstreamFailure, PaymentTotals> {
    return TE.fromIO(() => {
      let paidQueries = 0;
      let valueMoved = 0n;
      for (const record of this.records.values()) {
        if (record.status !== "settled") continue;
        paidQueries += 1;
        valueMoved += record.value ?? 0n;
      }
      return { paidQueries, valueMoved };
    });
  }
}
