import * as TE from "fp-ts/TaskEither";
import { injectable } from "inversify";
import type { UpstreamFailure } from "../../application/failures";
import type {
  PaymentIdClaim,
  PaymentIdentifierStore,
  StoredPaidResponse,
} from "../../application/ports/payment-identifier-store.port";
import { PAYMENT_ID_LEASE_MS } from "../../domain/payment/payment-identifier";

interface Entry {
  readonly fingerprint: string;
  claimedAtMs: number;
  response: StoredPaidResponse | null;
}

/** Payment identifiers in process memory: one instance only, forgotten on restart. */
@injectable()
export class InMemoryPaymentIdentifierStore implements PaymentIdentifierStore {
  private readonly entries = new Map<string, Entry>();

  claim(id: string, fingerprint: string, nowMs: number): TE.TaskEither<UpstreamFailure, PaymentIdClaim> {
    return TE.fromIO(() => {
      const entry = this.entries.get(id);
      if (entry === undefined) {
        this.entries.set(id, { fingerprint, claimedAtMs: nowMs, response: null });
        return { _tag: "claimed" };
      }
      if (entry.fingerprint !== fingerprint) return { _tag: "conflict" };
      if (entry.response !== null) return { _tag: "completed", response: entry.response };
      if (nowMs - entry.claimedAtMs < PAYMENT_ID_LEASE_MS) return { _tag: "pending" };
      entry.claimedAtMs = nowMs;
      return { _tag: "claimed" };
    });
  }

  complete(id: string, response: StoredPaidResponse): TE.TaskEither<UpstreamFailure, void> {
    return TE.fromIO(() => {
      const entry = this.entries.get(id);
      if (entry !== undefined) entry.response = response;
    });
  }

  release(id: string): TE.TaskEither<UpstreamFailure, void> {
    return TE.fromIO(() => {
      if (this.entries.get(id)?.response === null) this.entries.delete(id);
    });
  }
}
