import { expect } from "chai";
import type { ReceivedWebhook } from "../../../scripts/guard/webhook-receiver";
import { killDeliveries, type ExpectedAlert } from "../../../scripts/bench/guard-kill-report";

const KILLED_AT = 10_000;
const TOOK_OVER_AT = 20_000;

const expected = (subscriptionId: string, txHash: string, blockNumber: number, minedAt: number): ExpectedAlert => ({
  subscriptionId,
  txHash,
  blockNumber,
  minedAt,
});

const webhook = (
  webhookId: string,
  receivedAt: number,
  data: { subscriptionId: string; alert: Record<string, unknown> },
): ReceivedWebhook => ({
  headers: { "webhook-id": webhookId },
  body: JSON.stringify({ type: "protocol_guard.alert", data }),
  status: 200,
  receivedAt,
});

const wallet = (webhookId: string, receivedAt: number, sub: string, tx: string, block: number, alertId = `alt_${tx}`) =>
  webhook(webhookId, receivedAt, { subscriptionId: sub, alert: { id: alertId, txHash: tx, blockNumber: block } });

describe("guard bench: the leader-kill run's deliveries against the alerts expected from the chain", () => {
  const alerts = [
    expected("sub_a", "0xA1", 1, 1_000), // delivered before the kill
    expected("sub_b", "0xb2", 2, 9_500), // in flight at the kill
    expected("sub_a", "0xc3", 3, 12_000), // mined while nobody followed the chain
    expected("sub_b", "0xd4", 4, 22_000), // after the takeover
    expected("sub_a", "0xe5", 5, 23_000), // never delivered
    expected("sub_b", "0xf6", 5, 23_000), // never delivered either: block 5 had none
  ];

  it("counts each expected alert once, by subscription and transaction, and sorts latency by when its block was mined", () => {
    const report = killDeliveries(
      alerts,
      [
        wallet("w1", 1_700, "sub_a", "0xa1", 1),
        wallet("w2", 10_300, "sub_b", "0xb2", 2),
        wallet("w3", 21_000, "sub_a", "0xc3", 3),
        wallet("w4", 22_900, "sub_b", "0xd4", 4),
      ],
      KILLED_AT,
      TOOK_OVER_AT,
    );
    expect(report).to.include({ expected: 6, delivered: 4, lost: 2, blocksWithLoss: 1, blocksWithNoAlert: 1 });
    expect(report).to.include({ resent: 0, duplicateWebhookIds: 0, duplicateAlertIds: 0, unexpected: 0 });
    expect(report.before).to.deep.equal({ alerts: 1, p50Ms: 700, p99Ms: 700, maxMs: 700 });
    expect(report.inFlight.p50Ms).to.equal(800);
    expect(report.beforeTakeover.p50Ms).to.equal(9_000);
    expect(report.afterTakeover.p50Ms).to.equal(900);
    expect(report.slowerThan30s).to.equal(0);
    expect(report.firstDeliveryAfterKillMs).to.equal(300);
    expect(report.firstNewBlockAlertAfterKillMs).to.equal(11_000);
  });

  it("tells a send repeated under its webhook-id from the same call alerted twice, and names what nothing explains", () => {
    const report = killDeliveries(
      alerts,
      [
        wallet("w1", 1_700, "sub_a", "0xa1", 1),
        wallet("w1", 70_000, "sub_a", "0xa1", 1), // the same outbox row sent again
        wallet("w2", 10_300, "sub_b", "0xb2", 2),
        wallet("w2b", 10_400, "sub_b", "0xb2", 2, "alt_other"), // a second alert for one call
        wallet("w9", 10_500, "sub_b", "0xa1", 1), // a call alerted to a subscription that does not watch it
        webhook("w10", 10_600, {
          subscriptionId: "sub_a",
          alert: { kind: "block_skipped", id: "alt_s", blockNumber: 3 },
        }),
        wallet("w11", 10_700, "sub_a", "0x99", 999), // a block outside the run: not counted
        wallet("w3", 50_000, "sub_a", "0xc3", 3), // 38 s after its block: waited out a dead instance's claim
      ],
      KILLED_AT,
      TOOK_OVER_AT,
    );
    expect(report).to.include({ delivered: 3, lost: 3, resent: 1, duplicateWebhookIds: 1, duplicateAlertIds: 1 });
    expect(report).to.include({ unexpected: 1, blockSkippedAlerts: 1 });
    // The latency is the first delivery's.
    expect(report.before.maxMs).to.equal(700);
    expect(report.slowerThan30s).to.equal(1);
  });
});
