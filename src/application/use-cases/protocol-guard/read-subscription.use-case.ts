import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import { summaryOf, type DeliverySummary } from "../../../domain/protocol-guard/delivery";
import { ALERTS_SHOWN, type GuardAlert } from "../../../domain/protocol-guard/guard-alert";
import { EVENTS_SHOWN, type OnchainEvent } from "../../../domain/protocol-guard/onchain-event";
import { viewOf, type SubscriptionView } from "../../../domain/protocol-guard/subscription";
import { DeliveryOutbox } from "../../ports/delivery-outbox.port";
import { SubscriptionStore } from "../../ports/subscription-store.port";
import { storageFailed, type GuardFailure } from "./guard-failure";
import { managedSubscription } from "./managed-subscription";

export interface SubscriptionDetail {
  readonly subscription: SubscriptionView;
  /** Newest first, at most ALERTS_SHOWN, each with its delivery status per channel. */
  readonly alerts: readonly (GuardAlert & { readonly deliveries: readonly DeliverySummary[] })[];
  /** Newest first, at most EVENTS_SHOWN. */
  readonly onchainEvents: readonly OnchainEvent[];
}

/** GET /api/protocol-guard/subscriptions?id=sub_…: one registration, for its manage token only. */
@injectable()
export class ReadSubscription {
  constructor(
    @inject(SubscriptionStore) private readonly store: SubscriptionStore,
    @inject(DeliveryOutbox) private readonly outbox: DeliveryOutbox,
  ) {}

  execute(request: { readonly id: string; readonly token?: string }): TE.TaskEither<GuardFailure, SubscriptionDetail> {
    return pipe(
      managedSubscription(this.store, request.id, request.token),
      TE.flatMap((subscription) =>
        pipe(
          TE.Do,
          TE.bind("alerts", () => this.store.recentAlerts(subscription.id, ALERTS_SHOWN)),
          TE.bind("events", () => this.store.recentEvents(subscription.id, EVENTS_SHOWN)),
          TE.bind("deliveries", ({ alerts }) =>
            this.outbox.ofAlerts(
              subscription.id,
              alerts.map((a) => a.id),
            ),
          ),
          TE.mapLeft(storageFailed),
          TE.map(({ alerts, events, deliveries }) => ({
            subscription: viewOf(subscription),
            alerts: alerts.map((alert) => ({
              ...alert,
              deliveries: deliveries.filter((d) => d.alertId === alert.id).map(summaryOf),
            })),
            onchainEvents: events,
          })),
        ),
      ),
    );
  }
}
