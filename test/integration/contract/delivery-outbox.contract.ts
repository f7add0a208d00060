import { expect } from "chai";
import type { DeliveryOutbox } from "../../../src/application/ports/delivery-outbox.port";
import type { DeliveryAttempt, OutboxDelivery } from "../../../src/domain/protocol-guard/delivery";
import { right } from "./support/task-either";

let counter = 0;
const freshSub = () => `sub_${process.pid}_${Date.now()}_${counter++}`;

const delivery = (
  subscriptionId: string,
  alertId: string,
  channelId = "ch_1",
  nextAttemptAt = 1_000,
): OutboxDelivery => ({
  id: `dlv_${subscriptionId}_${alertId}_${channelId}`,
  subscriptionId,
  alertId,
  channelId,
  channelType: "webhook",
  webhookId: `msg_${alertId}_${channelId}`,
  payload: JSON.stringify({ alert: alertId, amount: "123456789012345678901234567890" }),
  status: "pending",
  attempts: 0,
  nextAttemptAt,
  createdAt: "2025-01-01T00:00:00.000Z",
});

const attemptOf = (
  d: OutboxDelivery,
  n: number,
  outcome: DeliveryAttempt["outcome"],
  status?: number,
): DeliveryAttempt => ({
  deliveryId: d.id,
  subscriptionId: d.subscriptionId,
  alertId: d.alertId,
  channelId: d.channelId,
  channelType: d.channelType,
  webhookId: d.webhookId,
  attempt: n,
  at: new Date(Date.UTC(2025, 0, 1, 0, 0, n)).toISOString(),
  outcome,
  ...(status === undefined ? {} : { responseStatus: status }),
  durationMs: 5,
});

/** The behaviour every DeliveryOutbox adapter must show. */
export function deliveryOutboxContract(name: string, makeOutbox: () => DeliveryOutbox): void {
  describe(`DeliveryOutbox contract: ${name}`, () => {
    it("enqueues once per id, claims only what is due, and a claim is a lease", async () => {
      const outbox = makeOutbox();
      const sub = freshSub();
      const [now, later] = [delivery(sub, "a1"), delivery(sub, "a2", "ch_1", 5_000)];
      await right(outbox.enqueue([now, later]));
      await right(outbox.enqueue([{ ...now, payload: "changed" }]));
      const mine = (list: readonly OutboxDelivery[]) => list.filter((d) => d.subscriptionId === sub);
      expect(mine(await right(outbox.claimDue(2_000, 100, 60_000)))).to.deep.equal([now]);
      expect(mine(await right(outbox.claimDue(2_000, 100, 60_000)))).to.deep.equal([]);
      expect(mine(await right(outbox.claimDue(62_001, 100, 60_000))).map((d) => d.id)).to.deep.equal([
        now.id,
        later.id,
      ]);
    });

    it("exactly one of many concurrent claimers gets a due delivery", async () => {
      const outbox = makeOutbox();
      const sub = freshSub();
      const d = delivery(sub, "race");
      await right(outbox.enqueue([d]));
      const claims = await Promise.all(Array.from({ length: 8 }, () => right(outbox.claimDue(2_000, 100, 60_000))));
      expect(claims.flat().filter((c) => c.id === d.id)).to.have.length(1);
    });

    it("complete logs the attempt and moves the delivery: retry, then delivered (no longer due)", async () => {
      const outbox = makeOutbox();
      const sub = freshSub();
      const d = delivery(sub, "a1");
      await right(outbox.enqueue([d]));
      await right(outbox.claimDue(2_000, 100, 60_000));
      await right(outbox.complete(attemptOf(d, 1, "retry", 500), { status: "pending", nextAttemptAt: 3_000 }));
      const [retried] = (await right(outbox.claimDue(3_000, 100, 60_000))).filter((x) => x.id === d.id);
      expect(retried).to.deep.include({
        attempts: 1,
        lastResponseStatus: 500,
        nextAttemptAt: 3_000,
        status: "pending",
      });
      await right(outbox.complete(attemptOf(d, 2, "delivered", 200), { status: "delivered", nextAttemptAt: 4_000 }));
      expect((await right(outbox.claimDue(10 ** 12, 100, 60_000))).filter((x) => x.id === d.id)).to.deep.equal([]);
      const [summary] = await right(outbox.ofAlerts(sub, ["a1"]));
      expect(summary).to.deep.include({
        status: "delivered",
        attempts: 2,
        lastResponseStatus: 200,
        lastAttemptAt: attemptOf(d, 2, "delivered").at,
      });
      expect(summary?.payload).to.equal(d.payload);
      expect(await right(outbox.attempts(sub, 10))).to.deep.equal([
        attemptOf(d, 2, "delivered", 200),
        attemptOf(d, 1, "retry", 500),
      ]);
      expect(await right(outbox.attempts(sub, 1))).to.have.length(1);
    });

    it("requeue puts an alert's deliveries back, due now, with the same webhook-id", async () => {
      const outbox = makeOutbox();
      const sub = freshSub();
      const d = delivery(sub, "a1");
      await right(outbox.enqueue([d]));
      await right(outbox.claimDue(2_000, 100, 60_000));
      await right(outbox.complete(attemptOf(d, 1, "delivered", 200), { status: "delivered", nextAttemptAt: 2_000 }));
      expect(await right(outbox.requeue(sub, "a1", 7_000))).to.equal(1);
      expect(await right(outbox.requeue(sub, "nope", 7_000))).to.equal(0);
      const [again] = (await right(outbox.claimDue(7_000, 100, 60_000))).filter((x) => x.id === d.id);
      expect(again).to.deep.include({ webhookId: d.webhookId, status: "pending", attempts: 1 });
    });

    it("disabling a channel stops its pending deliveries only", async () => {
      const outbox = makeOutbox();
      const sub = freshSub();
      const [a, b] = [delivery(sub, "a1", "ch_a"), delivery(sub, "a1", "ch_b")];
      await right(outbox.enqueue([a, b]));
      await right(outbox.disableChannel(sub, "ch_a"));
      const due = (await right(outbox.claimDue(2_000, 100, 60_000))).filter((x) => x.subscriptionId === sub);
      expect(due.map((x) => x.id)).to.deep.equal([b.id]);
      const statuses = (await right(outbox.ofAlerts(sub, ["a1"]))).map((x) => [x.channelId, x.status]);
      expect(statuses).to.deep.equal([
        ["ch_a", "disabled"],
        ["ch_b", "pending"],
      ]);
      expect(await right(outbox.ofAlerts(freshSub(), ["a1"]))).to.deep.equal([]);
    });
  });
}
