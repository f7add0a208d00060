import type { TaskEither } from "fp-ts/TaskEither";
import type { GuardAlert } from "../../domain/protocol-guard/guard-alert";
import type {
  Subscription,
  SubscriptionChanges,
  SubscriptionId,
  SubscriptionRow,
} from "../../domain/protocol-guard/subscription";
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
  /** Newest registration first, at most `limit` rows. */
  list(limit: number): TaskEither<UpstreamFailure, readonly SubscriptionRow[]>;
  /** The updated subscription, or null when `id` is unknown (nothing written). */
  update(
    id: SubscriptionId,
    changes: SubscriptionChanges,
    updatedAt: string,
  ): TaskEither<UpstreamFailure, Subscription | null>;
  /** False when `id` is unknown (nothing written). Keeps the newest ALERTS_KEPT alerts. */
  appendAlert(id: SubscriptionId, alert: GuardAlert): TaskEither<UpstreamFailure, boolean>;
  /** Newest first, at most `limit`; empty for an unknown id. */
  recentAlerts(id: SubscriptionId, limit: number): TaskEither<UpstreamFailure, readonly GuardAlert[]>;
}

export const SubscriptionStore = Symbol.for("SubscriptionStore");
