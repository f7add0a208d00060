import type { ReceivedWebhook } from "../guard/webhook-receiver";
import { percentile } from "./guard-latency";

/**
 * One alert the bench expects, worked out from what it sent on chain alone: a call it sent to a contract only
 * `subscriptionId` watches, mined (receipt status 1) in `blockNumber`; `minedAt` is when evm_mine was sent.
 */
export interface ExpectedAlert {
  readonly subscriptionId: string;
  readonly txHash: string;
  readonly blockNumber: number;
  readonly minedAt: number;
}

export interface LatencyFigures {
  readonly alerts: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

/** What the receiver got for the kill run's expected alerts, against them. */
export interface KillDeliveries {
  readonly expected: number;
  /** Expected alerts delivered at least once. */
  readonly delivered: number;
  /** Expected alerts never delivered. */
  readonly lost: number;
  /** Blocks holding a lost alert, and blocks none of whose alerts arrived (skipped, as the receiver sees it). */
  readonly blocksWithLoss: number;
  readonly blocksWithNoAlert: number;
  /** Deliveries of an expected alert beyond its first under the same webhook-id (a send cut by the kill, resent). */
  readonly resent: number;
  /** Further webhook-ids, and further alert ids, for a call already alerted (the same alert raised twice). */
  readonly duplicateWebhookIds: number;
  readonly duplicateAlertIds: number;
  /** Wallet alerts for the run's blocks that no sent call explains, and `block_skipped` alerts received. */
  readonly unexpected: number;
  readonly blockSkippedAlerts: number;
  /**
   * Block-to-alert latency of each alert's first delivery, by when its block was mined: before the kill (delivered
   * before it, and in flight at it: delivered after it), after the kill while no instance followed the chain, and
   * after the successor took over.
   */
  readonly before: LatencyFigures;
  readonly inFlight: LatencyFigures;
  readonly beforeTakeover: LatencyFigures;
  readonly afterTakeover: LatencyFigures;
  /** Alerts first delivered over 30 s after their block (a delivery the killed instance had claimed waits out the outbox lease). */
  readonly slowerThan30s: number;
  /** Kill -> the first delivery of any alert, and of an alert of a block mined after the kill (ms). */
  readonly firstDeliveryAfterKillMs: number | null;
  readonly firstNewBlockAlertAfterKillMs: number | null;
}

interface Seen {
  readonly subscriptionId: string;
  readonly kind: string;
  readonly alertId: string;
  readonly txHash: string;
  readonly blockNumber: number;
  readonly webhookId: string;
  readonly receivedAt: number;
}

function seenOf(webhook: ReceivedWebhook): Seen | null {
  try {
    const payload = JSON.parse(webhook.body) as {
      data?: { subscriptionId?: string; alert?: { kind?: string; id?: string; txHash?: string; blockNumber?: number } };
    };
    const alert = payload.data?.alert;
    const webhookId = webhook.headers["webhook-id"];
    if (alert?.id === undefined || alert.blockNumber === undefined || webhookId === undefined) return null;
    return {
      subscriptionId: payload.data?.subscriptionId ?? "",
      kind: alert.kind ?? "wallet",
      alertId: alert.id,
      txHash: (alert.txHash ?? "").toLowerCase(),
      blockNumber: alert.blockNumber,
      webhookId,
      receivedAt: webhook.receivedAt,
    };
  } catch {
    return null;
  }
}

const keyOf = (subscriptionId: string, txHash: string) => `${subscriptionId}|${txHash.toLowerCase()}`;

function figures(latencies: number[]): LatencyFigures {
  latencies.sort((a, b) => a - b);
  return {
    alerts: latencies.length,
    p50Ms: Math.round(percentile(latencies, 50)),
    p99Ms: Math.round(percentile(latencies, 99)),
    maxMs: Math.round(latencies.at(-1) ?? 0),
  };
}

/**
 * Counts the kill run's deliveries against the alerts expected from the chain: every expected alert once,
 * nothing else. `killedAt` is performance.now() when SIGKILL was sent and `tookOverAt` when the successor took
 * the lease (the receiver's clock; Infinity when it never did).
 */
export function killDeliveries(
  expected: readonly ExpectedAlert[],
  received: readonly ReceivedWebhook[],
  killedAt: number,
  tookOverAt: number,
): KillDeliveries {
  const wanted = new Map(expected.map((e) => [keyOf(e.subscriptionId, e.txHash), e]));
  const blocks = new Set(expected.map((e) => e.blockNumber));
  const byKey = new Map<string, Seen[]>();
  let unexpected = 0;
  let blockSkippedAlerts = 0;
  let firstDeliveryAfterKill: number | null = null;
  let firstNewBlockAlert: number | null = null;
  for (const seen of received.map(seenOf)) {
    if (seen === null || !blocks.has(seen.blockNumber)) continue;
    if (seen.receivedAt > killedAt && (firstDeliveryAfterKill === null || seen.receivedAt < firstDeliveryAfterKill))
      firstDeliveryAfterKill = seen.receivedAt;
    if (seen.kind === "block_skipped") {
      blockSkippedAlerts++;
      continue;
    }
    const key = keyOf(seen.subscriptionId, seen.txHash);
    const alert = wanted.get(key);
    if (alert === undefined) {
      unexpected++;
      continue;
    }
    if (alert.minedAt > killedAt && (firstNewBlockAlert === null || seen.receivedAt < firstNewBlockAlert))
      firstNewBlockAlert = seen.receivedAt;
    byKey.set(key, [...(byKey.get(key) ?? []), seen]);
  }
  let slowerThan30s = 0;
  let resent = 0;
  let duplicateWebhookIds = 0;
  let duplicateAlertIds = 0;
  const groups = {
    before: [] as number[],
    inFlight: [] as number[],
    beforeTakeover: [] as number[],
    afterTakeover: [] as number[],
  };
  const lostBlocks = new Map<number, number>();
  for (const [key, alert] of wanted) {
    const seen = byKey.get(key) ?? [];
    if (seen.length === 0) {
      lostBlocks.set(alert.blockNumber, (lostBlocks.get(alert.blockNumber) ?? 0) + 1);
      continue;
    }
    const webhookIds = new Set(seen.map((s) => s.webhookId)).size;
    resent += seen.length - webhookIds;
    duplicateWebhookIds += webhookIds - 1;
    duplicateAlertIds += new Set(seen.map((s) => s.alertId)).size - 1;
    const firstAt = Math.min(...seen.map((s) => s.receivedAt));
    const group =
      alert.minedAt >= tookOverAt
        ? groups.afterTakeover
        : alert.minedAt >= killedAt
          ? groups.beforeTakeover
          : firstAt >= killedAt
            ? groups.inFlight
            : groups.before;
    group.push(firstAt - alert.minedAt);
    if (firstAt - alert.minedAt > 30_000) slowerThan30s++;
  }
  const perBlock = new Map<number, number>();
  for (const e of expected) perBlock.set(e.blockNumber, (perBlock.get(e.blockNumber) ?? 0) + 1);
  const lost = [...lostBlocks.values()].reduce((n, v) => n + v, 0);
  const since = (at: number | null) => (at === null ? null : Math.round(at - killedAt));
  return {
    expected: wanted.size,
    delivered: wanted.size - lost,
    lost,
    blocksWithLoss: lostBlocks.size,
    blocksWithNoAlert: [...lostBlocks].filter(([block, n]) => n === perBlock.get(block)).length,
    resent,
    duplicateWebhookIds,
    duplicateAlertIds,
    unexpected,
    blockSkippedAlerts,
    slowerThan30s,
    before: figures(groups.before),
    inFlight: figures(groups.inFlight),
    beforeTakeover: figures(groups.beforeTakeover),
    afterTakeover: figures(groups.afterTakeover),
    firstDeliveryAfterKillMs: since(firstDeliveryAfterKill),
    firstNewBlockAlertAfterKillMs: since(firstNewBlockAlert),
  };
}
