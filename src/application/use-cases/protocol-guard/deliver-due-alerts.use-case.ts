import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import { nextState, type OutboxDelivery } from "../../../domain/protocol-guard/delivery";
import type { Channel } from "../../../domain/protocol-guard/channels";
import { parseSubscriptionId, type Subscription } from "../../../domain/protocol-guard/subscription";
import { ChannelSender } from "../../ports/channel-sender.port";
import { Clock } from "../../ports/clock.port";
import { DeliveryOutbox } from "../../ports/delivery-outbox.port";
import { SubscriptionStore } from "../../ports/subscription-store.port";
import type { UpstreamFailure } from "../../failures";
import { DeliverySettings } from "./delivery-settings";
import { webhookSecretsOf } from "./webhook-secrets";
import { WebhookKeys } from "../../ports/webhook-keys.port";

/** A send may not hold its lease longer than this; then another worker may try it. */
const LEASE_MS = 60_000;
const BATCH = 20;
/** The longest one send may take: the outbound client's 10 s timeout, then the attempt's log write. */
const SEND_BUDGET_MS = 15_000;

/**
 * One pass over the outbox: every due delivery is sent once and its attempt logged; a failure is
 * retried later with exponential backoff and jitter, a 410 disables the channel, a cancelled or
 * paused subscription or a disabled channel stops its deliveries. Returns how many were attempted.
 */
@injectable()
export class DeliverDueAlerts {
  constructor(
    @inject(DeliveryOutbox) private readonly outbox: DeliveryOutbox,
    @inject(SubscriptionStore) private readonly store: SubscriptionStore,
    @inject(ChannelSender) private readonly sender: ChannelSender,
    @inject(WebhookKeys) private readonly keys: WebhookKeys,
    @inject(Clock) private readonly clock: Clock,
    @inject(DeliverySettings) private readonly settings: DeliverySettings,
  ) {}

  execute(): TE.TaskEither<UpstreamFailure, number> {
    return () => this.deliverDue();
  }

  private async deliverDue(): Promise<E.Either<UpstreamFailure, number>> {
    const claimedAt = this.clock.nowMs();
    const due = await this.outbox.claimDue(claimedAt, BATCH, LEASE_MS)();
    if (E.isLeft(due)) return due;
    const subscriptions = new Map<string, Subscription | null>();
    let attempted = 0;
    for (const delivery of due.right) {
      // Sends go one after another: slow receivers can outlast the batch's lease, and a send started after it could
      // run out would race another worker's claim of the same delivery (sent twice). The rest of the batch waits for
      // its lease to end and is claimed again: late, never twice.
      if (this.clock.nowMs() + SEND_BUDGET_MS > claimedAt + LEASE_MS) break;
      if (!subscriptions.has(delivery.subscriptionId)) {
        const id = parseSubscriptionId(delivery.subscriptionId);
        const found = id === undefined ? E.right(null) : await this.store.get(id)();
        if (E.isLeft(found)) return found;
        subscriptions.set(delivery.subscriptionId, found.right);
      }
      const done = await this.deliver(delivery, subscriptions.get(delivery.subscriptionId) ?? null);
      if (E.isLeft(done)) return done;
      attempted += 1;
    }
    return E.right(attempted);
  }

  private async deliver(
    delivery: OutboxDelivery,
    subscription: Subscription | null,
  ): Promise<E.Either<UpstreamFailure, void>> {
    const channel = subscription?.channels.find((c) => c.id === delivery.channelId);
    const started = this.clock.nowMs();
    const outcome =
      subscription === null || subscription.status === "cancelled" || channel === undefined
        ? { kind: "refused" as const, detail: "subscription or channel no longer exists", durationMs: 0 }
        : channel.status === "disabled"
          ? { kind: "gone" as const, status: 410, durationMs: 0 }
          : await this.sender.send({
              channel,
              webhookId: delivery.webhookId,
              timestamp: Math.floor(started / 1000),
              payload: delivery.payload,
              secrets: channel.type === "webhook" ? webhookSecretsOf(this.keys, subscription.id, channel, started) : [],
            });
    const attempt = delivery.attempts + 1;
    const next = nextState(outcome, attempt, this.clock.nowMs(), this.settings.retryBaseMs, this.settings.random());
    const completed = await this.outbox.complete(
      {
        deliveryId: delivery.id,
        subscriptionId: delivery.subscriptionId,
        alertId: delivery.alertId,
        channelId: delivery.channelId,
        channelType: delivery.channelType,
        webhookId: delivery.webhookId,
        attempt,
        at: new Date(started).toISOString(),
        outcome: next.logged,
        ...("status" in outcome && outcome.status !== undefined ? { responseStatus: outcome.status } : {}),
        ...("detail" in outcome ? { error: outcome.detail } : {}),
        durationMs: outcome.durationMs,
      },
      { status: next.status, nextAttemptAt: next.nextAttemptAt },
    )();
    if (E.isLeft(completed) || outcome.kind !== "gone" || subscription === null || channel === undefined)
      return completed;
    return this.disable(subscription, channel);
  }

  private async disable(subscription: Subscription, channel: Channel): Promise<E.Either<UpstreamFailure, void>> {
    const marked = await this.store.setChannelStatus(subscription.id, channel.id, "disabled")();
    if (E.isLeft(marked)) return marked;
    return this.outbox.disableChannel(subscription.id, channel.id)();
  }
}
