import { redactChannel, type Channel, type RedactedChannel } from "./channels";
import { ruleView, type GuardRule } from "./guard-rules";
import { viewContracts, type WatchedContract } from "./watched-contracts";

/** `sub_` + 22 base64url characters (16 random bytes). */
export type SubscriptionId = string & { readonly __brand: "SubscriptionId" };

const SUBSCRIPTION_ID = /^sub_[A-Za-z0-9_-]{1,64}$/;

/** Only well-formed ids are looked up; anything else is simply an unknown registration. */
export function parseSubscriptionId(value: unknown): SubscriptionId | undefined {
  return typeof value === "string" && SUBSCRIPTION_ID.test(value) ? (value as SubscriptionId) : undefined;
}

/** `cancelled` is final: nothing is watched or delivered, and no change is accepted. */
export type SubscriptionStatus = "active" | "paused" | "cancelled";

export const isSubscriptionStatus = (value: unknown): value is SubscriptionStatus =>
  value === "active" || value === "paused" || value === "cancelled";

export const PROTOCOL_NAME_MAX = 100;

export interface Subscription {
  readonly id: SubscriptionId;
  readonly protocolName: string;
  readonly status: SubscriptionStatus;
  readonly channels: readonly Channel[];
  readonly rules: readonly GuardRule[];
  readonly contracts: readonly WatchedContract[];
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
  readonly channels: readonly RedactedChannel[];
  readonly rules: readonly unknown[];
  readonly contracts: readonly unknown[];
  readonly createdAt: string;
  readonly updatedAt: string;
}

export function viewOf(s: Subscription): SubscriptionView {
  return {
    id: s.id,
    protocolName: s.protocolName,
    status: s.status,
    channels: s.channels.map(redactChannel),
    rules: s.rules.map(ruleView),
    contracts: viewContracts(s.contracts),
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

/** A PATCH, decoded and resolved: every present field replaces the stored one whole. */
export interface SubscriptionChanges {
  readonly protocolName?: string;
  readonly channels?: readonly Channel[];
  readonly rules?: readonly GuardRule[];
  readonly contracts?: readonly WatchedContract[];
  readonly status?: SubscriptionStatus;
  readonly manageTokenHash?: string;
}

export function applyChanges(s: Subscription, changes: SubscriptionChanges, updatedAt: string): Subscription {
  return {
    ...s,
    protocolName: changes.protocolName ?? s.protocolName,
    channels: changes.channels ?? s.channels,
    rules: changes.rules ?? s.rules,
    contracts: changes.contracts ?? s.contracts,
    status: changes.status ?? s.status,
    manageTokenHash: changes.manageTokenHash ?? s.manageTokenHash,
    updatedAt,
  };
}
