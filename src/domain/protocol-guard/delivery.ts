import type { ChannelType } from "./channels";

export type DeliveryStatus = "pending" | "delivered" | "failed" | "disabled";

/** One alert to one channel, queued in the outbox. Times in ms since the epoch, wall clock. */
export interface OutboxDelivery {
  /** `dlv_<alertId>_<channelId>`: enqueueing it twice is a no-op. */
  readonly id: string;
  readonly subscriptionId: string;
  readonly alertId: string;
  readonly channelId: string;
  readonly channelType: ChannelType;
  /** Standard Webhooks `webhook-id`, stable across retries and replays. */
  readonly webhookId: string;
  /** The JSON payload, fixed when the alert is raised. */
  readonly payload: string;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  readonly nextAttemptAt: number;
  readonly lastAttemptAt?: string;
  readonly lastResponseStatus?: number;
  readonly createdAt: string;
}

/** One attempt, as the per-attempt log shows it. */
export interface DeliveryAttempt {
  readonly deliveryId: string;
  readonly subscriptionId: string;
  readonly alertId: string;
  readonly channelId: string;
  readonly channelType: ChannelType;
  readonly webhookId: string;
  /** 1 for the first attempt. */
  readonly attempt: number;
  readonly at: string;
  readonly outcome: "delivered" | "retry" | "failed" | "disabled";
  readonly responseStatus?: number;
  /** Why it failed (no URL, no secret: safe to show its owner). */
  readonly error?: string;
  readonly durationMs: number;
}

/** What a send came to: 2xx delivered; 410 gone (disable the channel); refused (never retried); else retry. */
export type SendOutcome =
  | { readonly kind: "delivered"; readonly status?: number; readonly durationMs: number }
  | { readonly kind: "gone"; readonly status: number; readonly durationMs: number }
  | { readonly kind: "refused"; readonly detail: string; readonly durationMs: number }
  | { readonly kind: "retry"; readonly status?: number; readonly detail: string; readonly durationMs: number };

/** First attempt plus 17 retries: with base 1 s, the delays add up to about a day (27 h on average). */
export const MAX_ATTEMPTS = 18;

/**
 * Delay before retry n (n = 1 after the first failure): base x 2^(n-1), scaled by a jitter in
 * [0.5, 1.0) so that receivers recovering from an outage are not hit by every sender at once.
 * `random` is in [0, 1).
 */
export function retryDelayMs(baseMs: number, retry: number, random: number): number {
  return Math.round(baseMs * 2 ** Math.max(0, retry - 1) * (0.5 + random / 2));
}

/** The delivery's next state after an attempt. */
export function nextState(
  outcome: SendOutcome,
  attempts: number,
  nowMs: number,
  baseMs: number,
  random: number,
): { readonly status: DeliveryStatus; readonly nextAttemptAt: number; readonly logged: DeliveryAttempt["outcome"] } {
  switch (outcome.kind) {
    case "delivered":
      return { status: "delivered", nextAttemptAt: nowMs, logged: "delivered" };
    case "gone":
      return { status: "disabled", nextAttemptAt: nowMs, logged: "disabled" };
    case "refused":
      return { status: "failed", nextAttemptAt: nowMs, logged: "failed" };
    case "retry":
      return attempts >= MAX_ATTEMPTS
        ? { status: "failed", nextAttemptAt: nowMs, logged: "failed" }
        : { status: "pending", nextAttemptAt: nowMs + retryDelayMs(baseMs, attempts, random), logged: "retry" };
  }
}

/** What an alert read shows per channel. */
export interface DeliverySummary {
  readonly channel: string;
  readonly type: ChannelType;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  readonly lastAttemptAt: string | null;
  readonly lastResponseStatus: number | null;
}

export function summaryOf(d: OutboxDelivery): DeliverySummary {
  return {
    channel: d.channelId,
    type: d.channelType,
    status: d.status,
    attempts: d.attempts,
    lastAttemptAt: d.lastAttemptAt ?? null,
    lastResponseStatus: d.lastResponseStatus ?? null,
  };
}
