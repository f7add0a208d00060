import type { TaskEither } from "fp-ts/TaskEither";
import type { ChannelStatus } from "../../domain/protocol-guard/channels";
import type { GuardAlert } from "../../domain/protocol-guard/guard-alert";
import type { OnchainEvent } from "../../domain/protocol-guard/onchain-event";
import type { Subscription, SubscriptionChanges, SubscriptionId } from "../../domain/protocol-guard/subscription";
import type { UpstreamFailure } from "../failures";

export type CreateOutcome = "created" | "duplicate_id";

/**
 * Protocol Guard registrations and their alerts. Every write is one atomic step: an update
 * applies all its changes or none, and alerts are trimmed to the newest ALERTS_KEPT as they land.
 */
export interface SubscriptionStore {
  /** Never overwrites: an id already taken is "duplicate_id". */
  create(subscription: Subscription): TaskEither<UpstreamFailure, CreateOutcome>;
  get(id: SubscriptionId): TaskEither<UpstreamFailure, Subscription | null>;
  // No list: registrations are read one at a time by their manage token (issue 28 finding 7).
  /** The updated subscription, or null when `id` is unknown (nothing written). */
  update(
    id: SubscriptionId,
    changes: SubscriptionChanges,
    updatedAt: string,
  ): TaskEither<UpstreamFailure, Subscription | null>;
  /**
   * False when `id` is unknown or the alert id is already recorded (nothing written: a block
   * processed twice records its alerts once). Keeps the newest ALERTS_KEPT alerts.
   */
  appendAlert(id: SubscriptionId, alert: GuardAlert): TaskEither<UpstreamFailure, boolean>;
  /** Newest first, at most `limit`; empty for an unknown id. */
  recentAlerts(id: SubscriptionId, limit: number): TaskEither<UpstreamFailure, readonly GuardAlert[]>;
  alert(id: SubscriptionId, alertId: string): TaskEither<UpstreamFailure, GuardAlert | null>;
  /** Active subscriptions that watch at least one contract. */
  watching(): TaskEither<UpstreamFailure, readonly Subscription[]>;
  /** Like appendAlert: false for an unknown subscription or an event id already recorded. Keeps EVENTS_KEPT. */
  recordEvent(id: SubscriptionId, event: OnchainEvent): TaskEither<UpstreamFailure, boolean>;
  /** Newest first (block, then insertion), at most `limit`. */
  recentEvents(id: SubscriptionId, limit: number): TaskEither<UpstreamFailure, readonly OnchainEvent[]>;
  /** The newest event of `wallet` on this subscription (for score_drop and ladder_band_change). */
  lastEventOf(id: SubscriptionId, wallet: string): TaskEither<UpstreamFailure, OnchainEvent | null>;
  /** Marks one channel (a 410 Gone disables it); false when either id is unknown. */
  setChannelStatus(id: SubscriptionId, channelId: string, status: ChannelStatus): TaskEither<UpstreamFailure, boolean>;
}

export const SubscriptionStore = Symbol.for("SubscriptionStore");
