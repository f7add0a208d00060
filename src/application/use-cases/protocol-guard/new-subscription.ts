import type { SubscribeCommand } from "../../../domain/protocol-guard/guard-requests";
import {
  viewOf,
  type Subscription,
  type SubscriptionId,
  type SubscriptionStatus,
  type SubscriptionView,
} from "../../../domain/protocol-guard/subscription";
import type { WebhookKeys } from "../../ports/webhook-keys.port";
import { channelsFor, revealSecrets } from "./channel-setup";
import { hashManageToken } from "./manage-token";
import { MANAGE_TOKEN_BYTES, SUBSCRIPTION_ID_BYTES, type RandomTokens } from "./random-tokens";

export interface NewSubscription extends SubscriptionView {
  /** Shown here once; only its hash is kept. Each webhook channel carries its `webhookSecret`, also once. */
  readonly manageToken: string;
}

/** A fresh registration (id, channel ids, token hash) and the token itself; nothing is stored here. */
export function newSubscription(
  command: SubscribeCommand,
  status: SubscriptionStatus,
  random: RandomTokens,
  now: string,
): { readonly subscription: Subscription; readonly manageToken: string } {
  const manageToken = random.randomToken(MANAGE_TOKEN_BYTES);
  const subscription: Subscription = {
    id: `sub_${random.randomToken(SUBSCRIPTION_ID_BYTES)}` as SubscriptionId,
    protocolName: command.protocolName,
    status,
    channels: channelsFor(command.channels, [], random),
    rules: command.rules,
    contracts: command.contracts,
    manageTokenHash: hashManageToken(manageToken),
    createdAt: now,
    updatedAt: now,
  };
  return { subscription, manageToken };
}

/** What the creator sees once: the view, every webhook secret and the manage token. */
export function shownOnce(subscription: Subscription, manageToken: string, keys: WebhookKeys): NewSubscription {
  const all = new Set(subscription.channels.map((c) => c.id));
  return { ...revealSecrets(viewOf(subscription), subscription.channels, all, keys), manageToken };
}
