import * as E from "fp-ts/Either";
import { inject, injectable } from "inversify";
import { alertPayload } from "../../../domain/protocol-guard/alert-message";
import type { OutboxDelivery } from "../../../domain/protocol-guard/delivery";
import type { GuardAlert } from "../../../domain/protocol-guard/guard-alert";
import type { OnchainEvent } from "../../../domain/protocol-guard/onchain-event";
import type { Subscription } from "../../../domain/protocol-guard/subscription";
import { Clock } from "../../ports/clock.port";
import { DeliveryOutbox } from "../../ports/delivery-outbox.port";
import type { UpstreamFailure } from "../../failures";

/** Told when something was queued, so the delivery loop can send it now rather than at its next tick. */
export interface DeliveryKick {
  kick(): void;
}

export const DeliveryKick = Symbol.for("DeliveryKick");

/**
 * Puts one alert in the outbox, once per active channel of its subscription. The payload is fixed
 * now; ids derive from the alert and channel, so queueing the same alert again adds nothing.
 */
@injectable()
export class QueueAlertDeliveries {
  constructor(
    @inject(DeliveryOutbox) private readonly outbox: DeliveryOutbox,
    @inject(Clock) private readonly clock: Clock,
    @inject(DeliveryKick) private readonly kick: DeliveryKick,
  ) {}

  async execute(
    subscription: Subscription,
    alert: GuardAlert,
    event: OnchainEvent | null,
  ): Promise<E.Either<UpstreamFailure, number>> {
    const payload = JSON.stringify(alertPayload(subscription.id, subscription.protocolName, alert, event));
    const now = this.clock.nowMs();
    const deliveries: OutboxDelivery[] = subscription.channels
      .filter((channel) => channel.status === "active")
      .map((channel) => ({
        id: `dlv_${alert.id}_${channel.id}`,
        subscriptionId: subscription.id,
        alertId: alert.id,
        channelId: channel.id,
        channelType: channel.type,
        webhookId: `msg_${alert.id}_${channel.id}`,
        payload,
        status: "pending",
        attempts: 0,
        nextAttemptAt: now,
        createdAt: new Date(now).toISOString(),
      }));
    if (deliveries.length === 0) return E.right(0);
    const queued = await this.outbox.enqueue(deliveries)();
    if (E.isLeft(queued)) return queued;
    this.kick.kick();
    return E.right(deliveries.length);
  }
}
