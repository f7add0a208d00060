import type { GuardAlert } from "./guard-alert";
import type { OnchainEvent } from "./onchain-event";

/** The webhook payload (Standard Webhooks style: `type`, `timestamp`, `data`). */
export interface AlertPayload {
  readonly type: "protocol_guard.alert";
  readonly timestamp: string;
  readonly data: {
    readonly subscriptionId: string;
    readonly protocolName: string;
    readonly alert: GuardAlert;
    readonly event: OnchainEvent | null;
  };
}

export function alertPayload(
  subscriptionId: string,
  protocolName: string,
  alert: GuardAlert,
  event: OnchainEvent | null,
): AlertPayload {
  return { type: "protocol_guard.alert", timestamp: alert.at, data: { subscriptionId, protocolName, alert, event } };
}

/** One plain-text summary for chat and email channels (Slack, Discord, Telegram, email). */
export function alertText(payload: AlertPayload): string {
  const { alert, event, protocolName } = payload.data;
  const what = event === null ? "check" : `${event.event ?? event.function ?? "activity"} on ${event.contract}`;
  const lines = [
    `Credence Protocol Guard: ${alert.decision.toUpperCase()} for ${protocolName}`,
    `Wallet ${alert.wallet}: score ${alert.score} (${alert.tier})`,
    `Activity: ${what}${event === null ? "" : ` in tx ${event.txHash} (block ${event.blockNumber})`}`,
    ...alert.reasons.map((r) => `- ${r}`),
  ];
  return lines.join("\n");
}
