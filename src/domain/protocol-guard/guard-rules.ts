import * as E from "fp-ts/Either";
import { isFlagCode } from "../scoring/flag-catalogue";
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
    };

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
      return undefined;
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
