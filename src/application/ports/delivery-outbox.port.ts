import type { TaskEither } from "fp-ts/TaskEither";
import type { DeliveryAttempt, OutboxDelivery, DeliveryStatus } from "../../domain/protocol-guard/delivery";
import type { UpstreamFailure } from "../failures";

/**
 * Alerts waiting to be delivered, one row per alert and channel, and the log of every attempt.
 * Durable in PostgreSQL: a restart loses no queued delivery and repeats none already completed.
 */
export interface DeliveryOutbox {
  /** Deliveries whose id is already queued are left as they are (re-processing a block adds nothing). */
  enqueue(deliveries: readonly OutboxDelivery[]): TaskEither<UpstreamFailure, void>;
  /**
   * Pending deliveries due at `nowMs`, each leased to the caller until `nowMs + leaseMs` so that
   * concurrent workers never send the same one at once.
   */
  claimDue(nowMs: number, limit: number, leaseMs: number): TaskEither<UpstreamFailure, readonly OutboxDelivery[]>;
  /** Logs the attempt and moves the delivery to its next state (pending again with `nextAttemptAt`, or final). */
  complete(
    attempt: DeliveryAttempt,
    next: { readonly status: DeliveryStatus; readonly nextAttemptAt: number },
  ): TaskEither<UpstreamFailure, void>;
  /** Every delivery of these alerts. */
  ofAlerts(subscriptionId: string, alertIds: readonly string[]): TaskEither<UpstreamFailure, readonly OutboxDelivery[]>;
  /** The per-attempt log, newest first. */
  attempts(subscriptionId: string, limit: number): TaskEither<UpstreamFailure, readonly DeliveryAttempt[]>;
  /** Puts the alert's deliveries back in the queue, due now (same ids, same webhook-id); how many. */
  requeue(subscriptionId: string, alertId: string, nowMs: number): TaskEither<UpstreamFailure, number>;
  /** Pending deliveries to a disabled channel will never be sent: marked `disabled`. */
  disableChannel(subscriptionId: string, channelId: string): TaskEither<UpstreamFailure, void>;
}

export const DeliveryOutbox = Symbol.for("DeliveryOutbox");
