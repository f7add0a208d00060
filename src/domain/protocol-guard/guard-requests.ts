import * as E from "fp-ts/Either";
import { parseAddress, type Address } from "../chain/address";
import { isWellFormedText } from "../text/well-formed-text";
import { decodeChannels, type Channels } from "./channels";
import { invalidWallet, isJsonObject, refuse, unknownKey, type GuardInputError } from "./guard-input-error";
import { decodeRules, type GuardRule } from "./guard-rules";
import { isSubscriptionStatus, PROTOCOL_NAME_MAX, type SubscriptionChanges } from "./subscription";

export const CONTEXT_MAX = 200;

export interface CheckCommand {
  readonly wallet: Address;
  readonly context: string | null;
  readonly amount?: number;
  readonly economicReachUsd?: number;
  readonly subscriptionId?: string;
  /** The subscription's manage token (header, query or body): without it the check is a plain one. */
  readonly token?: string;
}

export interface SubscribeCommand {
  readonly protocolName: string;
  readonly channels: Channels;
  readonly rules: readonly GuardRule[];
}

export interface UpdateCommand {
  readonly id: string;
  readonly changes: SubscriptionChanges;
  /** The manage token, when sent in the body rather than a header or the query. */
  readonly token?: string;
}

const isNonNegative = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0;
// Control characters would end up in logs and dashboards verbatim; a lone surrogate has no UTF-8
// form and NUL is refused by PostgreSQL: refused here, not as a storage failure.
const isPrintable = (s: string): boolean => isWellFormedText(s) && !/[\u0000-\u001f\u007f]/.test(s);

/** Order: invalid_wallet (body or wallet), then unknown keys, context, amount, economicReachUsd, subscriptionId. */
export function decodeCheckRequest(body: unknown): E.Either<GuardInputError, CheckCommand> {
  const wallet = isJsonObject(body) ? parseAddress(body.wallet) : undefined;
  if (!isJsonObject(body) || wallet === undefined) return E.left(invalidWallet());
  const extra = unknownKey(body, ["wallet", "context", "amount", "economicReachUsd", "subscriptionId", "token"]);
  if (extra !== undefined) return refuse(extra);
  const { context, amount, economicReachUsd, subscriptionId, token } = body;
  if (context !== undefined && (typeof context !== "string" || context.length > CONTEXT_MAX || !isPrintable(context))) {
    return refuse("context");
  }
  if (amount !== undefined && !isNonNegative(amount)) return refuse("amount");
  if (economicReachUsd !== undefined && !isNonNegative(economicReachUsd)) return refuse("economicReachUsd");
  if (subscriptionId !== undefined && typeof subscriptionId !== "string") return refuse("subscriptionId");
  if (token !== undefined && typeof token !== "string") return refuse("token");
  return E.right({
    wallet,
    context: context ?? null,
    ...(amount === undefined ? {} : { amount }),
    ...(economicReachUsd === undefined ? {} : { economicReachUsd }),
    ...(subscriptionId === undefined ? {} : { subscriptionId }),
    ...(token === undefined ? {} : { token }),
  });
}

export function decodeSubscribeRequest(body: unknown): E.Either<GuardInputError, SubscribeCommand> {
  if (!isJsonObject(body)) return refuse("body");
  const extra = unknownKey(body, ["protocolName", "channels", "rules"]);
  if (extra !== undefined) return refuse(extra);
  const name = typeof body.protocolName === "string" ? body.protocolName.trim() : "";
  if (name === "" || name.length > PROTOCOL_NAME_MAX || !isPrintable(name)) return refuse("protocolName");
  const channels = decodeChannels(body.channels);
  if (E.isLeft(channels)) return channels;
  const rules = decodeRules(body.rules);
  if (E.isLeft(rules)) return rules;
  return E.right({ protocolName: name, channels: channels.right, rules: rules.right });
}

/** Every field is checked before anything is written: one bad field refuses the whole update. */
export function decodeUpdateRequest(body: unknown): E.Either<GuardInputError, UpdateCommand> {
  if (!isJsonObject(body)) return refuse("body");
  const extra = unknownKey(body, ["id", "channels", "rules", "status", "token"]);
  if (extra !== undefined) return refuse(extra);
  if (typeof body.id !== "string") return refuse("id");
  if (body.token !== undefined && typeof body.token !== "string") return refuse("token");
  if (body.channels === undefined && body.rules === undefined && body.status === undefined) return refuse("body");
  const channels = body.channels === undefined ? E.right(undefined) : decodeChannels(body.channels);
  if (E.isLeft(channels)) return channels;
  const rules = body.rules === undefined ? E.right(undefined) : decodeRules(body.rules);
  if (E.isLeft(rules)) return rules;
  if (body.status !== undefined && !isSubscriptionStatus(body.status)) return refuse("status");
  return E.right({
    id: body.id,
    changes: {
      ...(channels.right === undefined ? {} : { channels: channels.right }),
      ...(rules.right === undefined ? {} : { rules: rules.right }),
      ...(body.status === undefined ? {} : { status: body.status }),
    },
    ...(body.token === undefined ? {} : { token: body.token }),
  });
}
