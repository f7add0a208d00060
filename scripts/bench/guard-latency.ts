import type { ReceivedWebhook } from "../guard/webhook-receiver";
import type { MinedBlock } from "./guard-chain-load";

/** One phase of the guard bench as the receiver saw it. */
export interface GuardLatency {
  readonly blocks: number;
  /** Calls to watched contracts mined in the phase: one alert each, on one webhook channel. */
  readonly expected: number;
  /** Distinct alerts received (by webhook-id) for the phase's blocks. */
  readonly delivered: number;
  /** Deliveries beyond the first of the same webhook-id (at-least-once delivery seen twice). */
  readonly duplicated: number;
  /** Block-to-alert latency of each alert's first delivery, ms (evm_mine sent -> webhook received). */
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Alerts delivered per second of the phase's mining. */
  readonly alertsPerSecond: number;
}

interface Delivery {
  readonly webhookId: string;
  readonly blockNumber: number;
  readonly receivedAt: number;
}

/** The alert a delivery carried; null for anything that is not a wallet alert with a block. */
function deliveryOf(webhook: ReceivedWebhook): Delivery | null {
  try {
    const payload = JSON.parse(webhook.body) as { data?: { alert?: { blockNumber?: unknown } } };
    const blockNumber = payload.data?.alert?.blockNumber;
    const webhookId = webhook.headers["webhook-id"];
    if (typeof blockNumber !== "number" || webhookId === undefined) return null;
    return { webhookId, blockNumber, receivedAt: webhook.receivedAt };
  } catch {
    return null;
  }
}

/** Nearest-rank percentile of ascending values (0 when there are none). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Latency and counts of one phase: the alerts of `mined`'s blocks among everything received. */
export function phaseLatency(
  mined: readonly MinedBlock[],
  received: readonly ReceivedWebhook[],
  seconds: number,
): GuardLatency {
  const minedAt = new Map(mined.map((b) => [b.number, b.minedAt]));
  const seen = new Map<string, number>();
  const latencies: number[] = [];
  let duplicated = 0;
  for (const delivery of received.map(deliveryOf)) {
    const at = delivery === null ? undefined : minedAt.get(delivery.blockNumber);
    if (delivery === null || at === undefined) continue;
    const count = seen.get(delivery.webhookId) ?? 0;
    seen.set(delivery.webhookId, count + 1);
    if (count > 0) duplicated++;
    else latencies.push(delivery.receivedAt - at);
  }
  latencies.sort((a, b) => a - b);
  const ms = (v: number) => Math.round(v);
  return {
    blocks: mined.length,
    expected: mined.reduce((n, b) => n + b.watchedCalls, 0),
    delivered: seen.size,
    duplicated,
    p50Ms: ms(percentile(latencies, 50)),
    p95Ms: ms(percentile(latencies, 95)),
    p99Ms: ms(percentile(latencies, 99)),
    maxMs: ms(latencies.at(-1) ?? 0),
    alertsPerSecond: Math.round((seen.size / Math.max(seconds, 1e-9)) * 10) / 10,
  };
}
