import * as E from "fp-ts/Either";
import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { GuardAlert } from "../../../domain/protocol-guard/guard-alert";
import { upstreamFailure } from "../../failures";
import { Clock } from "../../ports/clock.port";
import { DeliveryOutbox } from "../../ports/delivery-outbox.port";
import { SubscriptionStore } from "../../ports/subscription-store.port";
import { guardFailure, storageFailed, type GuardFailure } from "./guard-failure";
import { managedSubscription } from "./managed-subscription";
import { QueueAlertDeliveries } from "./queue-alert-deliveries";

/** Redelivers one alert: its deliveries go back in the queue, due now, with their original webhook-id. */
@injectable()
export class ReplayAlert {
  constructor(
    @inject(SubscriptionStore) private readonly store: SubscriptionStore,
    @inject(DeliveryOutbox) private readonly outbox: DeliveryOutbox,
    @inject(QueueAlertDeliveries) private readonly queue: QueueAlertDeliveries,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(request: {
    readonly id: string;
    readonly alertId: string;
    readonly token?: string;
  }): TE.TaskEither<GuardFailure, { readonly alertId: string; readonly requeued: number }> {
    return pipe(
      managedSubscription(this.store, request.id, request.token),
      TE.bindTo("subscription"),
      TE.bind("alert", ({ subscription }) =>
        pipe(
          this.store.alert(subscription.id, request.alertId),
          TE.mapLeft(storageFailed),
          TE.filterOrElseW(
            (alert): alert is GuardAlert => alert !== null,
            () => guardFailure("alert_not_found", "no such alert"),
          ),
        ),
      ),
      TE.flatMap(({ subscription, alert }) =>
        pipe(
          this.outbox.requeue(subscription.id, alert.id, this.clock.nowMs()),
          TE.flatMap((requeued) =>
            // An alert raised before its channels existed has nothing to requeue: queue it now.
            requeued > 0
              ? TE.right(requeued)
              : TE.tryCatch(
                  async () => {
                    const queued = await this.queue.execute(subscription, alert, null);
                    if (E.isLeft(queued)) throw new Error(queued.left.detail);
                    return queued.right;
                  },
                  (e) => upstreamFailure("storage", String(e)),
                ),
          ),
          TE.mapLeft(storageFailed),
          TE.map((deliveries) => ({ alertId: alert.id, requeued: deliveries })),
        ),
      ),
    );
  }
}
