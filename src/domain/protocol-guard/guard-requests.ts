import * as E from "fp-ts/Either";
import { parseAddress, type Address } from "../chain/address";
import { isWellFormedText } from "../text/well-formed-text";
import { decodeChannelTargets, type ChannelTarget } from "./channels";
import { invalidWallet, isJsonObject, refuse, unknownKey, type GuardInputError } from "./guard-input-error";
import { decodeRules, type GuardRule } from "./guard-rules";
import { isSubscriptionStatus, PROTOCOL_NAME_MAX, type SubscriptionStatus } from "./subscription";
import { decodeContracts, type SignatureParser, type WatchedContract } from "./watched-contracts";

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
  readonly channels: readonly ChannelTarget[];
  readonly rules: readonly GuardRule[];
  readonly contracts: readonly WatchedContract[];
}

/** A PATCH as sent: only the fields present change. */
export interface RequestedChanges {
  readonly protocolName?: string;
  readonly channels?: readonly ChannelTarget[];
  readonly rules?: readonly GuardRule[];
  readonly contracts?: readonly WatchedContract[];
  readonly status?: SubscriptionStatus;
  /** A new manage token is issued (shown once in the answer); the old one stops working. */
  readonly rotateManageToken?: true;
  /** Every webhook channel gets a new secret; the old one keeps signing beside it for 24 h. */
  readonly rotateWebhookSecret?: true;
}

export interface UpdateCommand {
  readonly id: string;
  readonly changes: RequestedChanges;
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

function decodeName(value: unknown): E.Either<GuardInputError, string> {
  const name = typeof value === "string" ? value.trim() : "";
  if (name === "" || name.length > PROTOCOL_NAME_MAX || !isPrintable(name)) return refuse("protocolName");
  return E.right(name);
}

/** `{protocolName, channels, rules, contracts?}`; signatures are parsed by `parse` (an ABI library at the edge). */
export function decodeSubscribeRequest(
  body: unknown,
  parse: SignatureParser,
): E.Either<GuardInputError, SubscribeCommand> {
  if (!isJsonObject(body)) return refuse("body");
  const extra = unknownKey(body, ["protocolName", "channels", "rules", "contracts"]);
  if (extra !== undefined) return refuse(extra);
  const name = decodeName(body.protocolName);
  if (E.isLeft(name)) return name;
  const channels = decodeChannelTargets(body.channels);
  if (E.isLeft(channels)) return channels;
  const rules = decodeRules(body.rules);
  if (E.isLeft(rules)) return rules;
  const contracts = body.contracts === undefined ? E.right([]) : decodeContracts(body.contracts, parse);
  if (E.isLeft(contracts)) return contracts;
  return E.right({
    protocolName: name.right,
    channels: channels.right,
    rules: rules.right,
    contracts: contracts.right,
  });
}

const UPDATE_KEYS = [
  "id",
  "token",
  "protocolName",
  "channels",
  "rules",
  "contracts",
  "status",
  "rotateManageToken",
  "rotateWebhookSecret",
];

/** Every field is checked before anything is written: one bad field refuses the whole update. */
export function decodeUpdateRequest(body: unknown, parse: SignatureParser): E.Either<GuardInputError, UpdateCommand> {
  if (!isJsonObject(body)) return refuse("body");
  const extra = unknownKey(body, UPDATE_KEYS);
  if (extra !== undefined) return refuse(extra);
  if (typeof body.id !== "string") return refuse("id");
  if (body.token !== undefined && typeof body.token !== "string") return refuse("token");
  if (!UPDATE_KEYS.some((key) => key !== "id" && key !== "token" && body[key] !== undefined)) return refuse("body");
  const optional = <T>(value: unknown, decode: (v: unknown) => E.Either<GuardInputError, T>) =>
    value === undefined ? E.right(undefined) : decode(value);
  const name = optional(body.protocolName, decodeName);
  if (E.isLeft(name)) return name;
  const channels = optional(body.channels, decodeChannelTargets);
  if (E.isLeft(channels)) return channels;
  const rules = optional(body.rules, decodeRules);
  if (E.isLeft(rules)) return rules;
  const contracts = optional(body.contracts, (v) => decodeContracts(v, parse));
  if (E.isLeft(contracts)) return contracts;
  if (body.status !== undefined && !isSubscriptionStatus(body.status)) return refuse("status");
  if (body.rotateManageToken !== undefined && body.rotateManageToken !== true) return refuse("rotateManageToken");
  if (body.rotateWebhookSecret !== undefined && body.rotateWebhookSecret !== true) return refuse("rotateWebhookSecret");
  const changes: RequestedChanges = {
    ...(name.right === undefined ? {} : { protocolName: name.right }),
    ...(channels.right === undefined ? {} : { channels: channels.right }),
    ...(rules.right === undefined ? {} : { rules: rules.right }),
    ...(contracts.right === undefined ? {} : { contracts: contracts.right }),
    ...(body.status === undefined ? {} : { status: body.status }),
    ...(body.rotateManageToken === true ? { rotateManageToken: true as const } : {}),
    ...(body.rotateWebhookSecret === true ? { rotateWebhookSecret: true as const } : {}),
  };
  return E.right({ id: body.id, changes, ...(body.token === undefined ? {} : { token: body.token }) });
}
