import * as E from "fp-ts/Either";
import { isWellFormedText } from "../text/well-formed-text";
import { isJsonObject, refuse, unknownKey, type GuardInputError } from "./guard-input-error";

/** Where a subscription wants alerts delivered. Both optional: alerts are always readable via GET. */
export interface Channels {
  readonly webhookUrl?: string;
  readonly email?: string;
}

/** What a read shows: whether each channel is set, never its value (a webhook URL is often a secret). */
export interface RedactedChannels {
  readonly webhookUrl: boolean;
  readonly email: boolean;
}

const CHANNEL_KEYS = ["webhookUrl", "email"] as const;
export const WEBHOOK_URL_MAX = 2048;
export const EMAIL_MAX = 254;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isHttpsUrl(value: unknown): value is string {
  // The URL parser would accept (and encode) a NUL or a lone surrogate, but the raw text is what is stored.
  if (typeof value !== "string" || value.length > WEBHOOK_URL_MAX || !isWellFormedText(value)) return false;
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

const isEmail = (value: unknown): value is string =>
  typeof value === "string" && value.length <= EMAIL_MAX && isWellFormedText(value) && EMAIL_PATTERN.test(value);

/** `{webhookUrl?: https URL, email?: address}`; anything else (unknown keys, null values) is refused. */
export function decodeChannels(value: unknown): E.Either<GuardInputError, Channels> {
  if (!isJsonObject(value) || unknownKey(value, CHANNEL_KEYS) !== undefined) return refuse("channels");
  const { webhookUrl, email } = value;
  if (webhookUrl !== undefined && !isHttpsUrl(webhookUrl)) return refuse("channels");
  if (email !== undefined && !isEmail(email)) return refuse("channels");
  return E.right({ ...(webhookUrl === undefined ? {} : { webhookUrl }), ...(email === undefined ? {} : { email }) });
}

export function redactChannels(channels: Channels): RedactedChannels {
  return { webhookUrl: channels.webhookUrl !== undefined, email: channels.email !== undefined };
}
