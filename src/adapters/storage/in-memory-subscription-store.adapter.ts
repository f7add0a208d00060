import * as TE from "fp-ts/TaskEither";
import { injectable } from "inversify";
import type { UpstreamFailure } from "../../application/failures";
import type { CreateOutcome, SubscriptionStore } from "../../application/ports/subscription-store.port";
import type { ChannelStatus } from "../../domain/protocol-guard/channels";
import { ALERTS_KEPT, type GuardAlert } from "../../domain/protocol-guard/guard-alert";
import { EVENTS_KEPT, type OnchainEvent } from "../../domain/protocol-guard/onchain-event";
import {
  applyChanges,
  type Subscription,
  type SubscriptionChanges,
  type SubscriptionId,
} from "../../domain/protocol-guard/subscription";

/**
 * Subscriptions in process memory: each call runs to completion on the event loop, so every write
 * is atomic. A restart forgets everything (manage tokens included); set DATABASE_URL to keep them.
 */
@injectable()
export class InMemorySubscriptionStore implements SubscriptionStore {
  /** Insertion order is creation order; the list reads it backwards. */
  private readonly subscriptions = new Map<SubscriptionId, Subscription>();
  /** Oldest first, trimmed to ALERTS_KEPT. */
  private readonly alerts = new Map<SubscriptionId, GuardAlert[]>();
  /** Oldest first, trimmed to EVENTS_KEPT. */
  private readonly events = new Map<SubscriptionId, OnchainEvent[]>();

  create(subscription: Subscription): TE.TaskEither<UpstreamFailure, CreateOutcome> {
    return TE.fromIO(() => {
      if (this.subscriptions.has(subscription.id)) return "duplicate_id";
      this.subscriptions.set(subscription.id, subscription);
      return "created";
    });
  }

  get(id: SubscriptionId): TE.TaskEither<UpstreamFailure, Subscription | null> {
    return TE.fromIO(() => this.subscriptions.get(id) ?? null);
  }

  update(
    id: SubscriptionId,
    changes: SubscriptionChanges,
    updatedAt: string,
  ): TE.TaskEither<UpstreamFailure, Subscription | null> {
    return TE.fromIO(() => {
      const current = this.subscriptions.get(id);
      if (current === undefined) return null;
      const updated = applyChanges(current, changes, updatedAt);
      this.subscriptions.set(id, updated);
      return updated;
    });
  }

  appendAlert(id: SubscriptionId, alert: GuardAlert): TE.TaskEither<UpstreamFailure, boolean> {
    return TE.fromIO(() => {
      if (!this.subscriptions.has(id)) return false;
      if ((this.alerts.get(id) ?? []).some((a) => a.id === alert.id)) return false;
      const kept = [...(this.alerts.get(id) ?? []), alert].slice(-ALERTS_KEPT);
      this.alerts.set(id, kept);
      return true;
    });
  }

  recentAlerts(id: SubscriptionId, limit: number): TE.TaskEither<UpstreamFailure, readonly GuardAlert[]> {
    return TE.fromIO(() => [...(this.alerts.get(id) ?? [])].reverse().slice(0, Math.max(0, limit)));
  }

  alert(id: SubscriptionId, alertId: string): TE.TaskEither<UpstreamFailure, GuardAlert | null> {
    return TE.fromIO(() => (this.alerts.get(id) ?? []).find((a) => a.id === alertId) ?? null);
  }

  watching(): TE.TaskEither<UpstreamFailure, readonly Subscription[]> {
    return TE.fromIO(() =>
      [...this.subscriptions.values()].filter((s) => s.status === "active" && s.contracts.length > 0),
    );
  }

  recordEvent(id: SubscriptionId, event: OnchainEvent): TE.TaskEither<UpstreamFailure, boolean> {
    return TE.fromIO(() => {
      if (!this.subscriptions.has(id)) return false;
      const current = this.events.get(id) ?? [];
      if (current.some((e) => e.id === event.id)) return false;
      this.events.set(id, [...current, event].slice(-EVENTS_KEPT));
      return true;
    });
  }

  recentEvents(id: SubscriptionId, limit: number): TE.TaskEither<UpstreamFailure, readonly OnchainEvent[]> {
    return TE.fromIO(() => [...(this.events.get(id) ?? [])].reverse().slice(0, Math.max(0, limit)));
  }

  lastEventOf(id: SubscriptionId, wallet: string): TE.TaskEither<UpstreamFailure, OnchainEvent | null> {
    return TE.fromIO(() => [...(this.events.get(id) ?? [])].reverse().find((e) => e.wallet === wallet) ?? null);
  }

  setChannelStatus(
    id: SubscriptionId,
    channelId: string,
    status: ChannelStatus,
  ): TE.TaskEither<UpstreamFailure, boolean> {
    return TE.fromIO(() => {
      const current = this.subscriptions.get(id);
      if (current === undefined || !current.channels.some((c) => c.id === channelId)) return false;
      const channels = current.channels.map((c) => (c.id === channelId ? { ...c, status } : c));
      this.subscriptions.set(id, { ...current, channels });
      return true;
    });
  }
}
