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

/** The word an email subject names the alert by: its decision, or `block_skipped`. */
export const alertHeadline = (alert: GuardAlert): string =>
  alert.kind === "block_skipped" ? "block_skipped" : alert.decision;

/** One plain-text summary for chat and email channels (Slack, Discord, Telegram, email). */
export function alertText(payload: AlertPayload): string {
  const { alert, event, protocolName } = payload.data;
  if (alert.kind === "block_skipped")
    return [
      `Credence Protocol Guard: BLOCK SKIPPED for ${protocolName}`,
      `Block ${alert.blockNumber} (${alert.blockHash}) could not be scored after ${alert.attempts} attempts;`,
      "activity in it on the contracts you watch was not (fully) checked.",
      `Reason: ${alert.reason}`,
    ].join("\n");
  const what = event === null ? "check" : `${event.event ?? event.function ?? "activity"} on ${event.contract}`;
  const lines = [
    `Credence Protocol Guard: ${alert.decision.toUpperCase()} for ${protocolName}`,
    `Wallet ${alert.wallet}: score ${alert.score} (${alert.tier})`,
    `Activity: ${what}${event === null ? "" : ` in tx ${event.txHash} (block ${event.blockNumber})`}`,
    ...alert.reasons.map((r) => `- ${r}`),
  ];
  return lines.join("\n");
}
