import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { DeliveryAttempt } from "../../../domain/protocol-guard/delivery";
import { DeliveryOutbox } from "../../ports/delivery-outbox.port";
import { SubscriptionStore } from "../../ports/subscription-store.port";
import { storageFailed, type GuardFailure } from "./guard-failure";
import { managedSubscription } from "./managed-subscription";

/** The per-attempt log of one subscription, newest first. */
export const ATTEMPTS_SHOWN = 100;

/** GET /api/protocol-guard/subscriptions/{id}/deliveries (manage token). */
@injectable()
export class ListDeliveries {
  constructor(
    @inject(SubscriptionStore) private readonly store: SubscriptionStore,
    @inject(DeliveryOutbox) private readonly outbox: DeliveryOutbox,
  ) {}

  execute(request: {
    readonly id: string;
    readonly token?: string;
  }): TE.TaskEither<GuardFailure, { readonly subscriptionId: string; readonly attempts: readonly DeliveryAttempt[] }> {
    return pipe(
      managedSubscription(this.store, request.id, request.token),
      TE.flatMap((subscription) =>
        pipe(
          this.outbox.attempts(subscription.id, ATTEMPTS_SHOWN),
          TE.mapLeft(storageFailed),
          TE.map((attempts) => ({ subscriptionId: subscription.id, attempts })),
        ),
      ),
    );
  }
}
