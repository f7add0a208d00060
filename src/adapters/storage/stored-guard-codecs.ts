import * as E from "fp-ts/Either";
import * as t from "io-ts";
import { AddressCodec } from "../../domain/chain/address";
import { legacyTargets, type Channel } from "../../domain/protocol-guard/channels";
import type { GuardAlert } from "../../domain/protocol-guard/guard-alert";
import type { OnchainEvent } from "../../domain/protocol-guard/onchain-event";
import type { WatchedContract } from "../../domain/protocol-guard/watched-contracts";
import { isTier } from "../../domain/scoring/tiers";

/** What PostgreSQL hands back is checked like any other input before the core sees it. */
const Tier = t.refinement(t.string, isTier);
const ChannelBase = t.intersection([
  t.type({ id: t.string, status: t.keyof({ active: null, disabled: null }) }),
  t.partial({ secretVersion: t.number, previousSecretUntil: t.string }),
]);
const StoredChannel = t.intersection([
  ChannelBase,
  t.union([
    t.type({ type: t.keyof({ webhook: null, slack: null, discord: null }), url: t.string }),
    t.type({ type: t.literal("telegram"), botToken: t.string, chatId: t.string }),
    t.type({ type: t.literal("email"), to: t.string }),
  ]),
]);
const Signature = t.type({
  signature: t.string,
  name: t.string,
  hash: t.string,
  inputs: t.array(t.type({ name: t.string, type: t.string, indexed: t.boolean })),
});
const StoredContract = t.intersection([
  t.type({ address: AddressCodec }),
  t.partial({ events: t.array(Signature), functions: t.array(Signature) }),
]);
const StoredWalletAlert = t.intersection([
  t.type({
    id: t.string,
    at: t.string,
    wallet: t.string,
    decision: t.keyof({ review: null, block: null }),
    reasons: t.array(t.string),
    score: t.number,
    tier: Tier,
  }),
  t.partial({
    kind: t.literal("wallet"),
    source: t.keyof({ check: null, onchain: null, score_changed: null }),
    eventId: t.string,
    disputeId: t.string,
    txHash: t.string,
    contract: t.string,
    blockNumber: t.number,
  }),
]);
const StoredBlockSkippedAlert = t.type({
  kind: t.literal("block_skipped"),
  id: t.string,
  at: t.string,
  source: t.literal("onchain"),
  blockNumber: t.number,
  blockHash: t.string,
  attempts: t.number,
  reason: t.string,
});
const StoredAlert = t.union([StoredBlockSkippedAlert, StoredWalletAlert]);
const StoredEvent = t.intersection([
  t.type({
    id: t.string,
    txHash: t.string,
    blockNumber: t.number,
    at: t.string,
    contract: t.string,
    wallet: t.string,
    score: t.number,
    tier: Tier,
    flags: t.array(t.string),
  }),
  t.partial({ event: t.string, function: t.string, alertId: t.string }),
]);

function decodeOrThrow<A>(codec: t.Decoder<unknown, A>, value: unknown, what: string): A {
  const decoded = codec.decode(value);
  if (E.isLeft(decoded)) throw new Error(`stored ${what} does not decode`);
  return decoded.right;
}

/**
 * Channels as stored: the current list, or the object of older releases (`{webhookUrl?, email?}`),
 * read as the equivalent list with ids derived from their position.
 */
export function toChannels(value: unknown): Channel[] {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const legacy = legacyTargets(value as Record<string, unknown>);
    if (legacy === undefined) throw new Error("stored channels do not decode");
    return legacy.map((target, i) => ({
      ...target,
      id: `ch_legacy${i}`,
      status: "active",
      ...(target.type === "webhook" ? { secretVersion: 1 } : {}),
    }));
  }
  return decodeOrThrow(t.array(StoredChannel), value, "channels");
}

export const toContracts = (value: unknown): WatchedContract[] =>
  decodeOrThrow(t.array(StoredContract), value, "contracts");
export const toAlert = (value: unknown): GuardAlert => decodeOrThrow(StoredAlert, value, "alert");
export const toEvent = (value: unknown): OnchainEvent => decodeOrThrow(StoredEvent, value, "event");
