import * as E from "fp-ts/Either";
import { isWellFormedText } from "../text/well-formed-text";
import { isJsonObject, refuse, unknownKey, type GuardInputError } from "./guard-input-error";

export type ChannelType = "webhook" | "slack" | "discord" | "telegram" | "email";

/** What a channel targets, as a subscriber sends it. */
export type ChannelTarget =
  | { readonly type: "webhook" | "slack" | "discord"; readonly url: string }
  | { readonly type: "telegram"; readonly botToken: string; readonly chatId: string }
  | { readonly type: "email"; readonly to: string };

/** `disabled`: the receiver answered 410 Gone; nothing more is sent until the channel is replaced. */
export type ChannelStatus = "active" | "disabled";

/**
 * A stored channel. A webhook's signing secret is never stored: it is derived from the service key,
 * the subscription, the channel id and `secretVersion`; a rotation bumps the version and lets the
 * previous one sign beside it until `previousSecretUntil`.
 */
export type Channel = ChannelTarget & {
  readonly id: string;
  readonly status: ChannelStatus;
  readonly secretVersion?: number;
  readonly previousSecretUntil?: string;
};

/** What a read shows: the type and which fields are set, never their values. */
export type RedactedChannel = {
  readonly id: string;
  readonly type: ChannelType;
  readonly status: ChannelStatus;
} & Readonly<Record<string, boolean | string>>;

export const MAX_CHANNELS = 10;
export const URL_MAX = 2048;
export const EMAIL_MAX = 254;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TELEGRAM_TOKEN = /^\d{1,20}:[A-Za-z0-9_-]{20,100}$/;
const TELEGRAM_CHAT = /^(-?\d{1,20}|@[A-Za-z0-9_]{5,64})$/;

/** http(s) here; whether plain http or the host is acceptable is decided at send time (allowlist). */
export function isOutboundUrl(value: unknown): value is string {
  if (typeof value !== "string" || value.length > URL_MAX || !isWellFormedText(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

const isEmail = (value: unknown): value is string =>
  typeof value === "string" && value.length <= EMAIL_MAX && isWellFormedText(value) && EMAIL_PATTERN.test(value);

function decodeTarget(value: unknown): ChannelTarget | undefined {
  if (!isJsonObject(value)) return undefined;
  switch (value.type) {
    case "webhook":
    case "slack":
    case "discord":
      if (unknownKey(value, ["type", "url"]) !== undefined || !isOutboundUrl(value.url)) return undefined;
      return { type: value.type, url: value.url };
    case "telegram": {
      const { botToken, chatId } = value;
      if (unknownKey(value, ["type", "botToken", "chatId"]) !== undefined) return undefined;
      if (typeof botToken !== "string" || !TELEGRAM_TOKEN.test(botToken)) return undefined;
      const chat = typeof chatId === "number" && Number.isSafeInteger(chatId) ? String(chatId) : chatId;
      if (typeof chat !== "string" || !TELEGRAM_CHAT.test(chat)) return undefined;
      return { type: "telegram", botToken, chatId: chat };
    }
    case "email":
      if (unknownKey(value, ["type", "to"]) !== undefined || !isEmail(value.to)) return undefined;
      return { type: "email", to: value.to };
    default:
      return undefined;
  }
}

/**
 * SPEC.md's `channels`: a list of `{type, ...}` (at most MAX_CHANNELS). The older object
 * `{webhookUrl?, email?}` is still accepted and read as the equivalent list.
 */
export function decodeChannelTargets(value: unknown): E.Either<GuardInputError, readonly ChannelTarget[]> {
  if (isJsonObject(value)) {
    const legacy = legacyTargets(value);
    return legacy === undefined ? refuse("channels") : E.right(legacy);
  }
  if (!Array.isArray(value) || value.length > MAX_CHANNELS) return refuse("channels");
  const targets: ChannelTarget[] = [];
  for (const item of value) {
    const target = decodeTarget(item);
    if (target === undefined) return refuse("channels");
    targets.push(target);
  }
  return E.right(targets);
}

/** The shape subscriptions were stored in before channels became a list. */
export function legacyTargets(value: Record<string, unknown>): ChannelTarget[] | undefined {
  if (unknownKey(value, ["webhookUrl", "email"]) !== undefined) return undefined;
  const { webhookUrl, email } = value;
  if (webhookUrl !== undefined && !(isOutboundUrl(webhookUrl) && webhookUrl.startsWith("https:"))) return undefined;
  if (email !== undefined && !isEmail(email)) return undefined;
  return [
    ...(webhookUrl === undefined ? [] : [{ type: "webhook" as const, url: webhookUrl }]),
    ...(email === undefined ? [] : [{ type: "email" as const, to: email }]),
  ];
}

export function redactChannel(channel: Channel): RedactedChannel {
  const base = { id: channel.id, type: channel.type, status: channel.status };
  switch (channel.type) {
    case "webhook":
    case "slack":
    case "discord":
      return { ...base, url: true, ...(channel.type === "webhook" ? { secret: true } : {}) };
    case "telegram":
      return { ...base, botToken: true, chatId: true };
    case "email":
      return { ...base, to: true };
  }
}
