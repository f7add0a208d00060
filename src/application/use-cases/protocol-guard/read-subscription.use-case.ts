import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import { ALERTS_SHOWN, type GuardAlert } from "../../../domain/protocol-guard/guard-alert";
import { viewOf, type SubscriptionView } from "../../../domain/protocol-guard/subscription";
import { SubscriptionStore } from "../../ports/subscription-store.port";
import { storageFailed, type GuardFailure } from "./guard-failure";
import { managedSubscription } from "./managed-subscription";

export interface SubscriptionDetail {
  readonly subscription: SubscriptionView;
  /** Newest first, at most ALERTS_SHOWN. */
  readonly alerts: readonly GuardAlert[];
  /** No on-chain watcher feeds subscriptions yet, so this is always empty (README says so). */
  readonly onchainEvents: readonly never[];
}

/** GET /api/protocol-guard/subscriptions?id=sub_…: one registration, for its manage token only. */
@injectable()
export class ReadSubscription {
  constructor(@inject(SubscriptionStore) private readonly store: SubscriptionStore) {}

  execute(request: { readonly id: string; readonly token?: string }): TE.TaskEither<GuardFailure, SubscriptionDetail> {
    return pipe(
      managedSubscription(this.store, request.id, request.token),
      TE.flatMap((subscription) =>
        pipe(
          this.store.recentAlerts(subscription.id, ALERTS_SHOWN),
          TE.mapLeft(storageFailed),
          TE.map((alerts) => ({ subscription: viewOf(subscription), alerts, onchainEvents: [] })),
        ),
      ),
    );
  }
}
