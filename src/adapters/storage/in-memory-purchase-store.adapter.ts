import * as TE from "fp-ts/TaskEither";
import { injectable } from "inversify";
import type { UpstreamFailure } from "../../application/failures";
import type { StoredPaidResponse } from "../../application/ports/payment-identifier-store.port";
import type { PurchaseStore } from "../../application/ports/purchase-store.port";

/** Most purchases kept per payer and resource: only the newest is ever read. */
const KEPT = 1;

/** Purchases and sign-in nonces in process memory: one instance, forgotten on restart. */
@injectable()
export class InMemoryPurchaseStore implements PurchaseStore {
  private readonly purchases = new Map<string, { response: StoredPaidResponse; atMs: number }[]>();
  /** Nonce -> the last instant its message can be presented. */
  private readonly nonces = new Map<string, number>();

  record(
    payer: string,
    resource: string,
    response: StoredPaidResponse,
    atMs: number,
  ): TE.TaskEither<UpstreamFailure, void> {
    return TE.fromIO(() => {
      const key = `${payer.toLowerCase()} ${resource}`;
      this.purchases.set(key, [...(this.purchases.get(key) ?? []), { response, atMs }].slice(-KEPT));
    });
  }

  latest(payer: string, resource: string, notBeforeMs: number) {
    return TE.fromIO<{ response: StoredPaidResponse; atMs: number } | null, UpstreamFailure>(() => {
      const newest = this.purchases.get(`${payer.toLowerCase()} ${resource}`)?.at(-1);
      return newest !== undefined && newest.atMs >= notBeforeMs ? newest : null;
    });
  }

  useNonce(nonce: string, keptUntilMs: number, nowMs: number): TE.TaskEither<UpstreamFailure, boolean> {
    return TE.fromIO(() => {
      for (const [held, until] of this.nonces) if (until < nowMs) this.nonces.delete(held);
      if (this.nonces.has(nonce)) return false;
      this.nonces.set(nonce, keptUntilMs);
      return true;
    });
  }
}
