import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { SubscribeCommand } from "../../../domain/protocol-guard/guard-requests";
import { Clock } from "../../ports/clock.port";
import { WebhookKeys } from "../../ports/webhook-keys.port";
import { SubscriptionStore } from "../../ports/subscription-store.port";
import { guardFailure, storageFailed, type GuardFailure } from "./guard-failure";
import { newSubscription, shownOnce, type NewSubscription } from "./new-subscription";
import { RandomTokens } from "./random-tokens";

export type { NewSubscription } from "./new-subscription";

/** POST /api/protocol-guard/subscribe: a new active registration and its one-time manage token. */
@injectable()
export class Subscribe {
  constructor(
    @inject(SubscriptionStore) private readonly store: SubscriptionStore,
    @inject(RandomTokens) private readonly random: RandomTokens,
    @inject(Clock) private readonly clock: Clock,
    @inject(WebhookKeys) private readonly keys: WebhookKeys,
  ) {}

  execute(command: SubscribeCommand): TE.TaskEither<GuardFailure, NewSubscription> {
    const now = new Date(this.clock.nowMs()).toISOString();
    const { subscription, manageToken } = newSubscription(command, "active", this.random, now);
    return pipe(
      this.store.create(subscription),
      TE.mapLeft(storageFailed),
      // 128 random bits never collide in practice; if they do, refuse rather than overwrite.
      TE.filterOrElse(
        (outcome) => outcome === "created",
        () => guardFailure("storage_failed", `subscription id collision: ${subscription.id}`),
      ),
      TE.map(() => shownOnce(subscription, manageToken, this.keys)),
    );
  }
}
