import * as TE from "fp-ts/TaskEither";
import { injectable } from "inversify";
import type { UpstreamFailure } from "../../application/failures";
import type { DeliveryOutbox } from "../../application/ports/delivery-outbox.port";
import type { DeliveryAttempt, DeliveryStatus, OutboxDelivery } from "../../domain/protocol-guard/delivery";

/** Attempts kept per subscription in memory (oldest dropped first). */
const ATTEMPTS_KEPT = 1000;
/** Deliveries kept; past it the oldest finished ones (delivered, failed, disabled) are forgotten. */
const ROWS_KEPT = 10_000;

interface Row {
  delivery: OutboxDelivery;
  leasedUntil: number;
}

/**
 * The outbox in process memory: every call runs to completion on the event loop, so a claim is
 * atomic. Bounded (ROWS_KEPT, pending rows always kept); a restart forgets it (DATABASE_URL keeps it).
 */
@injectable()
export class InMemoryDeliveryOutbox implements DeliveryOutbox {
  private readonly rows = new Map<string, Row>();
  private readonly log = new Map<string, DeliveryAttempt[]>();

  enqueue(deliveries: readonly OutboxDelivery[]): TE.TaskEither<UpstreamFailure, void> {
    return TE.fromIO(() => {
      for (const delivery of deliveries)
        if (!this.rows.has(delivery.id)) this.rows.set(delivery.id, { delivery, leasedUntil: 0 });
      // Insertion order is queueing order: the first finished rows found are the oldest.
      for (const [id, row] of this.rows) {
        if (this.rows.size <= ROWS_KEPT) break;
        if (row.delivery.status !== "pending") this.rows.delete(id);
      }
    });
  }

  claimDue(nowMs: number, limit: number, leaseMs: number): TE.TaskEither<UpstreamFailure, readonly OutboxDelivery[]> {
    return TE.fromIO(() => {
      const due = [...this.rows.values()]
        .filter((r) => r.delivery.status === "pending" && r.delivery.nextAttemptAt <= nowMs && r.leasedUntil <= nowMs)
        .sort((a, b) => a.delivery.nextAttemptAt - b.delivery.nextAttemptAt)
        .slice(0, Math.max(0, limit));
      for (const row of due) row.leasedUntil = nowMs + leaseMs;
      return due.map((r) => r.delivery);
    });
  }

  complete(
    attempt: DeliveryAttempt,
    next: { readonly status: DeliveryStatus; readonly nextAttemptAt: number },
  ): TE.TaskEither<UpstreamFailure, void> {
    return TE.fromIO(() => {
      const row = this.rows.get(attempt.deliveryId);
      if (row === undefined) return;
      row.delivery = {
        ...row.delivery,
        status: next.status,
        nextAttemptAt: next.nextAttemptAt,
        attempts: attempt.attempt,
        lastAttemptAt: attempt.at,
        ...(attempt.responseStatus === undefined ? {} : { lastResponseStatus: attempt.responseStatus }),
      };
      row.leasedUntil = 0;
      const log = [...(this.log.get(attempt.subscriptionId) ?? []), attempt].slice(-ATTEMPTS_KEPT);
      this.log.set(attempt.subscriptionId, log);
    });
  }

  ofAlerts(
    subscriptionId: string,
    alertIds: readonly string[],
  ): TE.TaskEither<UpstreamFailure, readonly OutboxDelivery[]> {
    const wanted = new Set(alertIds);
    return TE.fromIO(() =>
      [...this.rows.values()]
        .map((r) => r.delivery)
        .filter((d) => d.subscriptionId === subscriptionId && wanted.has(d.alertId)),
    );
  }

  attempts(subscriptionId: string, limit: number): TE.TaskEither<UpstreamFailure, readonly DeliveryAttempt[]> {
    return TE.fromIO(() => [...(this.log.get(subscriptionId) ?? [])].reverse().slice(0, Math.max(0, limit)));
  }

  requeue(subscriptionId: string, alertId: string, nowMs: number): TE.TaskEither<UpstreamFailure, number> {
    return TE.fromIO(() => {
      let count = 0;
      for (const row of this.rows.values()) {
        const d = row.delivery;
        if (d.subscriptionId !== subscriptionId || d.alertId !== alertId || d.status === "disabled") continue;
        row.delivery = { ...d, status: "pending", nextAttemptAt: nowMs };
        count++;
      }
      return count;
    });
  }

  disableChannel(subscriptionId: string, channelId: string): TE.TaskEither<UpstreamFailure, void> {
    return TE.fromIO(() => {
      for (const row of this.rows.values()) {
        const d = row.delivery;
        if (d.subscriptionId === subscriptionId && d.channelId === channelId && d.status === "pending")
          row.delivery = { ...d, status: "disabled" };
      }
    });
  }
}
