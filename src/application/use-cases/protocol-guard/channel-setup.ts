import type { Channel, ChannelTarget, RedactedChannel } from "../../../domain/protocol-guard/channels";
import type { SubscriptionView } from "../../../domain/protocol-guard/subscription";
import type { WebhookKeys } from "../../ports/webhook-keys.port";
import type { RandomTokens } from "./random-tokens";

export const CHANNEL_ID_BYTES = 6;

const sameTarget = (a: ChannelTarget, b: ChannelTarget): boolean => {
  if (a.type !== b.type) return false;
  if ("url" in a && "url" in b) return a.url === b.url;
  if (a.type === "telegram" && b.type === "telegram") return a.botToken === b.botToken && a.chatId === b.chatId;
  return a.type === "email" && b.type === "email" && a.to === b.to;
};

/**
 * Stored channels for `targets`: a target already configured keeps its channel (id, secret version;
 * re-sending a disabled one enables it again), a new one gets a fresh id.
 */
export function channelsFor(
  targets: readonly ChannelTarget[],
  existing: readonly Channel[],
  random: RandomTokens,
): Channel[] {
  return targets.map((target) => {
    const kept = existing.find((c) => sameTarget(c, target));
    if (kept !== undefined) return { ...kept, status: "active" };
    return {
      ...target,
      id: `ch_${random.randomToken(CHANNEL_ID_BYTES)}`,
      status: "active",
      ...(target.type === "webhook" ? { secretVersion: 1 } : {}),
    };
  });
}

/**
 * The view's channels, with `webhookSecret` on each webhook channel listed in `reveal` (created or
 * rotated by this request): the only time a secret is shown.
 */
export function revealSecrets(
  view: SubscriptionView,
  channels: readonly Channel[],
  reveal: ReadonlySet<string>,
  keys: WebhookKeys,
): SubscriptionView & {
  readonly channels: readonly (RedactedChannel | (RedactedChannel & { webhookSecret: string }))[];
} {
  return {
    ...view,
    channels: view.channels.map((shown) => {
      const channel = channels.find((c) => c.id === shown.id);
      if (channel?.type !== "webhook" || !reveal.has(channel.id)) return shown;
      return { ...shown, webhookSecret: keys.secretFor(view.id, channel.id, channel.secretVersion ?? 1) };
    }),
  };
}
