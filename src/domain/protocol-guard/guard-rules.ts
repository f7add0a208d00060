import * as E from "fp-ts/Either";
import { isFlagCode } from "../scoring/flag-catalogue";
import { parseAddress, type Address } from "../chain/address";
import { isWellFormedText } from "../text/well-formed-text";
import { parseCondition, type Condition } from "./event-condition";
import { isJsonObject, refuse, unknownKey, type GuardInputError } from "./guard-input-error";

/** What a rule does when it fires. "allow" is not an action: rules only ever tighten. */
export type GuardAction = "review" | "block";

/** A tier a cap can be tied to ("below HIGH" means LOW, MEDIUM and BLOCKED). */
export type CapTier = "MEDIUM" | "HIGH" | "ELITE";

export type GuardRule =
  /** Score below `value` (0..100) -> action. */
  | { readonly type: "min_score"; readonly value: number; readonly action: GuardAction }
  /** Any of these flag codes raised -> block. */
  | { readonly type: "block_flags"; readonly flags: readonly string[] }
  /** Tier below `tier` and the amount above `amount` (or not stated) -> action. */
  | {
      readonly type: "max_amount_below_tier";
      readonly tier: CapTier;
      readonly amount: number;
      readonly action: GuardAction;
    }
  /** On chain: the wallet's score fell by at least `by` since this subscription last saw it. */
  | { readonly type: "score_drop"; readonly by: number; readonly action: GuardAction }
  /** On chain: the wallet moved to another band of `ladder` (bands by ascending `min`). */
  | { readonly type: "ladder_band_change"; readonly ladder: readonly LadderBand[]; readonly action: GuardAction }
  /** On chain: the transaction moved at least `amount` (base units) of ERC-20 `token`. */
  | { readonly type: "large_transfer"; readonly token: Address; readonly amount: bigint; readonly action: GuardAction }
  /** On chain: event `event` (name or signature) whose decoded arguments satisfy `condition`. */
  | {
      readonly type: "event_match";
      readonly event: string;
      readonly condition: string;
      readonly parsed: Condition;
      readonly action: GuardAction;
    };

export interface LadderBand {
  readonly min: number;
  readonly label: string;
}

export const MAX_LADDER_BANDS = 20;
const LABEL_MAX = 64;
const EVENT_NAME_MAX = 500;

export const MAX_RULES = 20;
export const MAX_FLAGS_PER_RULE = 50;

const decodeAction = (value: unknown): GuardAction | undefined =>
  value === undefined || value === "review" ? "review" : value === "block" ? "block" : undefined;

const isCapTier = (value: unknown): value is CapTier => value === "MEDIUM" || value === "HIGH" || value === "ELITE";

function decodeRule(value: unknown): GuardRule | undefined {
  if (!isJsonObject(value)) return undefined;
  switch (value.type) {
    case "min_score": {
      const action = decodeAction(value.action);
      const score = value.value;
      if (unknownKey(value, ["type", "value", "action"]) !== undefined || action === undefined) return undefined;
      if (typeof score !== "number" || !Number.isInteger(score) || score < 0 || score > 100) return undefined;
      return { type: "min_score", value: score, action };
    }
    case "block_flags": {
      const flags = value.flags;
      if (unknownKey(value, ["type", "flags"]) !== undefined || !Array.isArray(flags)) return undefined;
      if (flags.length === 0 || flags.length > MAX_FLAGS_PER_RULE) return undefined;
      // Unknown codes are refused: a misspelt code would silently never fire.
      if (!flags.every((f): f is string => typeof f === "string" && isFlagCode(f))) return undefined;
      return { type: "block_flags", flags: [...new Set(flags)] };
    }
    case "max_amount_below_tier": {
      const action = decodeAction(value.action);
      const { tier, amount } = value;
      if (unknownKey(value, ["type", "tier", "amount", "action"]) !== undefined || action === undefined)
        return undefined;
      if (!isCapTier(tier) || typeof amount !== "number" || !Number.isFinite(amount) || amount < 0) return undefined;
      return { type: "max_amount_below_tier", tier, amount, action };
    }
    default:
      return decodeOnchainRule(value);
  }
}

function decodeLadder(value: unknown): LadderBand[] | undefined {
  if (!Array.isArray(value) || value.length < 2 || value.length > MAX_LADDER_BANDS) return undefined;
  const bands: LadderBand[] = [];
  for (const band of value) {
    if (!isJsonObject(band) || unknownKey(band, ["min", "label"]) !== undefined) return undefined;
    const { min, label } = band;
    if (typeof min !== "number" || !Number.isInteger(min) || min < 0 || min > 100) return undefined;
    if (typeof label !== "string" || label === "" || label.length > LABEL_MAX || !isWellFormedText(label))
      return undefined;
    bands.push({ min, label });
  }
  const sorted = [...bands].sort((a, b) => a.min - b.min);
  return new Set(sorted.map((b) => b.min)).size === sorted.length ? sorted : undefined;
}

const AMOUNT = /^[0-9]{1,78}$/;

function decodeOnchainRule(value: Record<string, unknown>): GuardRule | undefined {
  const action = decodeAction(value.action);
  if (action === undefined) return undefined;
  switch (value.type) {
    case "score_drop": {
      const by = value.by;
      if (unknownKey(value, ["type", "by", "action"]) !== undefined) return undefined;
      if (typeof by !== "number" || !Number.isInteger(by) || by < 1 || by > 100) return undefined;
      return { type: "score_drop", by, action };
    }
    case "ladder_band_change": {
      const ladder = decodeLadder(value.ladder);
      if (unknownKey(value, ["type", "ladder", "action"]) !== undefined || ladder === undefined) return undefined;
      return { type: "ladder_band_change", ladder, action };
    }
    case "large_transfer": {
      const token = parseAddress(value.token);
      const amount = typeof value.amount === "number" ? String(value.amount) : value.amount;
      if (unknownKey(value, ["type", "token", "amount", "action"]) !== undefined || token === undefined)
        return undefined;
      if (typeof amount !== "string" || !AMOUNT.test(amount)) return undefined;
      return { type: "large_transfer", token, amount: BigInt(amount), action };
    }
    case "event_match": {
      const { event, condition } = value;
      if (unknownKey(value, ["type", "event", "condition", "action"]) !== undefined) return undefined;
      if (typeof event !== "string" || event === "" || event.length > EVENT_NAME_MAX || !isWellFormedText(event))
        return undefined;
      const parsed = typeof condition === "string" ? parseCondition(condition) : undefined;
      if (parsed === undefined || typeof condition !== "string") return undefined;
      return { type: "event_match", event, condition, parsed, action };
    }
    default:
      return undefined;
  }
}

/** A rule as stored and shown: the parsed condition is rebuilt from its text, amounts are decimal strings. */
export function ruleView(rule: GuardRule): Record<string, unknown> {
  switch (rule.type) {
    case "large_transfer":
      return { ...rule, amount: rule.amount.toString() };
    case "event_match": {
      const { parsed: _parsed, ...rest } = rule;
      return rest;
    }
    default:
      return rule;
  }
}

/** An array of at most MAX_RULES valid rules; one bad rule refuses the whole set (no partial policy). */
export function decodeRules(value: unknown): E.Either<GuardInputError, readonly GuardRule[]> {
  if (!Array.isArray(value) || value.length > MAX_RULES) return refuse("rules");
  const rules: GuardRule[] = [];
  for (const item of value) {
    const rule = decodeRule(item);
    if (rule === undefined) return refuse("rules");
    rules.push(rule);
  }
  return E.right(rules);
}
