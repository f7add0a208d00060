import type { Channel } from "../../../domain/protocol-guard/channels";
import type { WebhookKeys } from "../../ports/webhook-keys.port";

/** Standard Webhooks lets a rotated-out secret sign beside the new one; ours does for 24 h. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

/** The secrets that sign for a webhook channel at `nowMs`, newest first. */
export function webhookSecretsOf(keys: WebhookKeys, subscriptionId: string, channel: Channel, nowMs: number): string[] {
  const version = channel.secretVersion ?? 1;
  const current = keys.secretFor(subscriptionId, channel.id, version);
  const previousUntil = channel.previousSecretUntil === undefined ? NaN : Date.parse(channel.previousSecretUntil);
  return version > 1 && nowMs < previousUntil
    ? [current, keys.secretFor(subscriptionId, channel.id, version - 1)]
    : [current];
}
