import { expect } from "chai";
import * as E from "fp-ts/Either";
import { InMemoryDeliveryOutbox } from "../../../../src/adapters/storage/in-memory-delivery-outbox.adapter";
import { InMemorySubscriptionStore } from "../../../../src/adapters/storage/in-memory-subscription-store.adapter";
import type { ChannelSender, OutboundMessage } from "../../../../src/application/ports/channel-sender.port";
import { DeliverDueAlerts } from "../../../../src/application/use-cases/protocol-guard/deliver-due-alerts.use-case";
import type { OutboxDelivery } from "../../../../src/domain/protocol-guard/delivery";
import type { Subscription, SubscriptionId } from "../../../../src/domain/protocol-guard/subscription";
import { testWebhookKeys } from "../../../support/fakes/guard-fakes";

const ID = "sub_slow" as SubscriptionId;
const START = Date.UTC(2026, 0, 1);

const delivery = (n: number): OutboxDelivery => ({
  id: `dlv_a${n}_ch_1`,
  subscriptionId: ID,
  alertId: `a${n}`,
  channelId: "ch_1",
  channelType: "webhook",
  webhookId: `msg_${n}`,
  payload: "{}",
  status: "pending",
  attempts: 0,
  nextAttemptAt: START,
  createdAt: new Date(START).toISOString(),
});

/** A receiver that takes 10 s to answer each send (the outbound client's timeout), on a clock the test moves. */
function slowReceiver(clock: { ms: number }): ChannelSender & { sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    send(message: OutboundMessage) {
      sent.push(message.webhookId);
      clock.ms += 10_000;
      return Promise.resolve({ kind: "delivered", status: 200, durationMs: 10_000 });
    },
  };
}

describe("DeliverDueAlerts with slow receivers", () => {
  it("starts no send its batch's lease could run out during, and every delivery still goes out once", async () => {
    const clock = { ms: START };
    const outbox = new InMemoryDeliveryOutbox();
    const store = new InMemorySubscriptionStore();
    const subscription: Subscription = {
      id: ID,
      protocolName: "Slow",
      status: "active",
      channels: [
        { id: "ch_1", type: "webhook", url: "https://hooks.example.org/x", status: "active", secretVersion: 1 },
      ],
      rules: [],
      contracts: [],
      manageTokenHash: "h",
      createdAt: "c",
      updatedAt: "u",
    };
    await store.create(subscription)();
    await outbox.enqueue(Array.from({ length: 20 }, (_, i) => delivery(i)))();
    const receiver = slowReceiver(clock);
    const worker = () =>
      new DeliverDueAlerts(
        outbox,
        store,
        receiver,
        testWebhookKeys(),
        { nowMs: () => clock.ms },
        {
          retryBaseMs: 1_000,
          random: () => 0.5,
        },
      );

    // 20 claimed under a 60 s lease; sends of 10 s each: the sixth would start at 50 s with 15 s to allow.
    expect(await worker().execute()()).to.deep.equal(E.right(5));
    // Another worker now finds nothing to claim: the unsent rest is still leased by the first.
    expect(await worker().execute()()).to.deep.equal(E.right(0));
    clock.ms = START + 60_000;
    const passes: number[] = [];
    for (let pass = 0; pass < 4; pass++) {
      const sent = await worker().execute()();
      passes.push(E.isRight(sent) ? sent.right : -1);
      clock.ms += 60_000;
    }
    expect(passes).to.deep.equal([5, 5, 5, 0]);
    expect(receiver.sent).to.have.length(20);
    expect(new Set(receiver.sent).size).to.equal(20);
  });
});
