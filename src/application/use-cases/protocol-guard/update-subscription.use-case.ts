import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { UpdateCommand } from "../../../domain/protocol-guard/guard-requests";
import { viewOf, type SubscriptionView } from "../../../domain/protocol-guard/subscription";
import { Clock } from "../../ports/clock.port";
import { SubscriptionStore } from "../../ports/subscription-store.port";
import { notFound, storageFailed, type GuardFailure } from "./guard-failure";
import { managedSubscription } from "./managed-subscription";

/**
 * PATCH /api/protocol-guard/subscriptions: the command arrives fully validated, so the store
 * gets exactly one write that applies every change or none.
 */
@injectable()
export class UpdateSubscription {
  constructor(
    @inject(SubscriptionStore) private readonly store: SubscriptionStore,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(command: UpdateCommand, token: string | undefined): TE.TaskEither<GuardFailure, SubscriptionView> {
    return pipe(
      managedSubscription(this.store, command.id, token),
      TE.flatMap((subscription) =>
        pipe(
          this.store.update(subscription.id, command.changes, new Date(this.clock.nowMs()).toISOString()),
          TE.mapLeft(storageFailed),
        ),
      ),
      TE.flatMap((updated) => (updated === null ? TE.left(notFound()) : TE.right(viewOf(updated)))),
    );
  }
}
