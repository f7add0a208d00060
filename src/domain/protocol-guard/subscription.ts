import type { Channels, RedactedChannels } from "./channels";
import { redactChannels } from "./channels";
import type { GuardRule } from "./guard-rules";

/** `sub_` + 22 base64url characters (16 random bytes). */
export type SubscriptionId = string & { readonly __brand: "SubscriptionId" };

const SUBSCRIPTION_ID = /^sub_[A-Za-z0-9_-]{1,64}$/;

/** Only well-formed ids are looked up; anything else is simply an unknown registration. */
export function parseSubscriptionId(value: unknown): SubscriptionId | undefined {
  return typeof value === "string" && SUBSCRIPTION_ID.test(value) ? (value as SubscriptionId) : undefined;
}

export type SubscriptionStatus = "active" | "paused";

export const isSubscriptionStatus = (value: unknown): value is SubscriptionStatus =>
  value === "active" || value === "paused";

export const PROTOCOL_NAME_MAX = 100;

export interface Subscription {
  readonly id: SubscriptionId;
  readonly protocolName: string;
  readonly status: SubscriptionStatus;
  readonly channels: Channels;
  readonly rules: readonly GuardRule[];
  /** sha256 of the manage token, hex; the token itself is never stored. */
  readonly manageTokenHash: string;
  /** ISO 8601, wall clock. */
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** What any read shows: channels redacted, the token hash left out. */
export interface SubscriptionView {
  readonly id: SubscriptionId;
  readonly protocolName: string;
  readonly status: SubscriptionStatus;
  readonly channels: RedactedChannels;
  readonly rules: readonly GuardRule[];
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A row of the public list: no channels, no rules. */
export interface SubscriptionRow {
  readonly id: SubscriptionId;
  readonly protocolName: string;
  readonly status: SubscriptionStatus;
}

export function viewOf(s: Subscription): SubscriptionView {
  return {
    id: s.id,
    protocolName: s.protocolName,
    status: s.status,
    channels: redactChannels(s.channels),
    rules: s.rules,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

/** A PATCH, decoded: every present field replaces the stored one whole. */
export interface SubscriptionChanges {
  readonly channels?: Channels;
  readonly rules?: readonly GuardRule[];
  readonly status?: SubscriptionStatus;
}

export function applyChanges(s: Subscription, changes: SubscriptionChanges, updatedAt: string): Subscription {
  return {
    ...s,
    channels: changes.channels ?? s.channels,
    rules: changes.rules ?? s.rules,
    status: changes.status ?? s.status,
    updatedAt,
  };
}
