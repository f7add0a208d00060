import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Channel } from "../../../domain/protocol-guard/channels";
import type { UpdateCommand } from "../../../domain/protocol-guard/guard-requests";
import {
  viewOf,
  type Subscription,
  type SubscriptionChanges,
  type SubscriptionView,
} from "../../../domain/protocol-guard/subscription";
import { Clock } from "../../ports/clock.port";
import { DeliveryOutbox } from "../../ports/delivery-outbox.port";
import { SubscriptionStore } from "../../ports/subscription-store.port";
import { WebhookKeys } from "../../ports/webhook-keys.port";
import { channelsFor, revealSecrets } from "./channel-setup";
import { guardFailure, notFound, storageFailed, type GuardFailure } from "./guard-failure";
import { hashManageToken } from "./manage-token";
import { managedSubscription } from "./managed-subscription";
import { MANAGE_TOKEN_BYTES, RandomTokens } from "./random-tokens";
import { PREVIOUS_SECRET_GRACE_MS } from "./webhook-secrets";

export interface UpdatedSubscription extends SubscriptionView {
  /** Set when the request rotated the manage token: the new one, shown once. */
  readonly manageToken?: string;
}

/**
 * PATCH /api/protocol-guard/subscriptions: only the fields sent change, the command arrives fully
 * validated, and the store gets exactly one write that applies every change or none. A cancelled
 * subscription accepts no change (cancelling is final).
 */
@injectable()
export class UpdateSubscription {
  constructor(
    @inject(SubscriptionStore) private readonly store: SubscriptionStore,
    @inject(Clock) private readonly clock: Clock,
    @inject(RandomTokens) private readonly random: RandomTokens,
    @inject(WebhookKeys) private readonly keys: WebhookKeys,
    @inject(DeliveryOutbox) private readonly outbox: DeliveryOutbox,
  ) {}

  execute(command: UpdateCommand, token: string | undefined): TE.TaskEither<GuardFailure, UpdatedSubscription> {
    return pipe(
      managedSubscription(this.store, command.id, token),
      TE.filterOrElse(
        (subscription) => subscription.status !== "cancelled",
        () => guardFailure("subscription_cancelled", "a cancelled subscription cannot change"),
      ),
      TE.flatMap((subscription) => {
        const now = this.clock.nowMs();
        const { changes, reveal, manageToken } = this.resolve(subscription, command, now);
        return pipe(
          this.store.update(subscription.id, changes, new Date(now).toISOString()),
          TE.mapLeft(storageFailed),
          TE.flatMap((updated) => (updated === null ? TE.left(notFound()) : TE.right(updated))),
          TE.chainFirst((updated) => this.dropRemoved(subscription, updated)),
          TE.map((updated) => ({
            ...revealSecrets(viewOf(updated), updated.channels, reveal, this.keys),
            ...(manageToken === undefined ? {} : { manageToken }),
          })),
        );
      }),
    );
  }

  private resolve(subscription: Subscription, command: UpdateCommand, now: number) {
    const requested = command.changes;
    let channels: Channel[] | undefined =
      requested.channels === undefined
        ? undefined
        : channelsFor(requested.channels, subscription.channels, this.random);
    const known = new Set(subscription.channels.map((c) => c.id));
    const reveal = new Set((channels ?? []).filter((c) => !known.has(c.id)).map((c) => c.id));
    if (requested.rotateWebhookSecret === true) {
      const until = new Date(now + PREVIOUS_SECRET_GRACE_MS).toISOString();
      channels = (channels ?? [...subscription.channels]).map((c) => {
        if (c.type !== "webhook") return c;
        reveal.add(c.id);
        return { ...c, secretVersion: (c.secretVersion ?? 1) + 1, previousSecretUntil: until };
      });
    }
    const manageToken = requested.rotateManageToken === true ? this.random.randomToken(MANAGE_TOKEN_BYTES) : undefined;
    const changes: SubscriptionChanges = {
      ...(requested.protocolName === undefined ? {} : { protocolName: requested.protocolName }),
      ...(channels === undefined ? {} : { channels }),
      ...(requested.rules === undefined ? {} : { rules: requested.rules }),
      ...(requested.contracts === undefined ? {} : { contracts: requested.contracts }),
      ...(requested.status === undefined ? {} : { status: requested.status }),
      ...(manageToken === undefined ? {} : { manageTokenHash: hashManageToken(manageToken) }),
    };
    return { changes, reveal, manageToken };
  }

  /** Deliveries queued for a channel the update removed will never be sent: marked disabled. */
  private dropRemoved(before: Subscription, after: Subscription): TE.TaskEither<GuardFailure, void> {
    const kept = new Set(after.channels.map((c) => c.id));
    const removed = before.channels.filter((c) => !kept.has(c.id));
    return pipe(
      TE.traverseSeqArray((c: Channel) => this.outbox.disableChannel(before.id, c.id))(removed),
      TE.mapLeft(storageFailed),
      TE.map(() => undefined),
    );
  }
}
