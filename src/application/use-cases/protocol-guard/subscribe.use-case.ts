import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { SubscribeCommand } from "../../../domain/protocol-guard/guard-requests";
import {
  viewOf,
  type Subscription,
  type SubscriptionId,
  type SubscriptionView,
} from "../../../domain/protocol-guard/subscription";
import { Clock } from "../../ports/clock.port";
import { WebhookKeys } from "../../ports/webhook-keys.port";
import { channelsFor, revealSecrets } from "./channel-setup";
import { SubscriptionStore } from "../../ports/subscription-store.port";
import { guardFailure, storageFailed, type GuardFailure } from "./guard-failure";
import { hashManageToken } from "./manage-token";
import { MANAGE_TOKEN_BYTES, RandomTokens, SUBSCRIPTION_ID_BYTES } from "./random-tokens";

export interface NewSubscription extends SubscriptionView {
  /** Shown here once; only its hash is kept. Each webhook channel carries its `webhookSecret`, also once. */
  readonly manageToken: string;
}

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
    const manageToken = this.random.randomToken(MANAGE_TOKEN_BYTES);
    const now = new Date(this.clock.nowMs()).toISOString();
    const subscription: Subscription = {
      id: `sub_${this.random.randomToken(SUBSCRIPTION_ID_BYTES)}` as SubscriptionId,
      protocolName: command.protocolName,
      status: "active",
      channels: channelsFor(command.channels, [], this.random),
      rules: command.rules,
      contracts: command.contracts,
      manageTokenHash: hashManageToken(manageToken),
      createdAt: now,
      updatedAt: now,
    };
    return pipe(
      this.store.create(subscription),
      TE.mapLeft(storageFailed),
      // 128 random bits never collide in practice; if they do, refuse rather than overwrite.
      TE.filterOrElse(
        (outcome) => outcome === "created",
        () => guardFailure("storage_failed", `subscription id collision: ${subscription.id}`),
      ),
      TE.map(() => ({
        ...revealSecrets(
          viewOf(subscription),
          subscription.channels,
          new Set(subscription.channels.map((c) => c.id)),
          this.keys,
        ),
        manageToken,
      })),
    );
  }
}
