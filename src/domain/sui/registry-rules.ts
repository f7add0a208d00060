import type { SuiAddress } from "./sui-address";
import type { CapabilityKind } from "./sui-facts";

/**
 * The rules of the Move package in move/ (credence::registry and credence::capability), stated
 * once so the embedded ledger enforces exactly what the published code does and the scorer asks
 * for what the code will accept.
 */

/** Abort codes of credence::registry (move/sources/registry.move). */
export const REGISTRY_ABORTS = {
  /** A view other than is_scored / is_trusted / total_scored on a subject never scored. */
  NOT_SCORED: 1,
  /** The OracleCap presented belongs to another registry. */
  WRONG_REGISTRY: 2,
  INVALID_SCORE: 3,
  INVALID_TIER: 4,
  INVALID_CONFIDENCE: 5,
} as const;

/** Abort codes of credence::capability. */
export const CAPABILITY_ABORTS = {
  /** The subject's recorded score is below the kind's threshold. */
  NOT_EARNED: 10,
  NOT_SCORED: 11,
} as const;

export const STANDARD_CAP_MIN_SCORE = 70;
export const ELITE_CAP_MIN_SCORE = 85;
/** How many epochs a TrustedAgentCap stays valid (capability::VALIDITY_EPOCHS). */
export const CAPABILITY_VALIDITY_EPOCHS = 30n;
export const MAX_ONCHAIN_TIER = 2;
/**
 * Gas budget (MIST) of one update_score (+ mint) transaction: far above its cost (~3 M MIST), far
 * below a wallet's balance. The most one write can cost, so what a write reserves of the day's budget.
 */
export const ORACLE_WRITE_GAS_BUDGET_MIST = 50_000_000n;

/** The capability a score earns, if any (elite first). */
export function capabilityFor(score: number, botFlagged: boolean): CapabilityKind | null {
  if (botFlagged) return null;
  if (score >= ELITE_CAP_MIN_SCORE) return "elite";
  if (score >= STANDARD_CAP_MIN_SCORE) return "standard";
  return null;
}

export const capabilityCode = (kind: CapabilityKind): number => (kind === "elite" ? 2 : 1);

/** The registry's view functions, as a read-only simulation calls them. */
export type RegistryView =
  | { readonly fn: "is_scored"; readonly subject: SuiAddress }
  | { readonly fn: "get_score"; readonly subject: SuiAddress }
  | { readonly fn: "get_tier"; readonly subject: SuiAddress }
  | { readonly fn: "get_confidence"; readonly subject: SuiAddress }
  | { readonly fn: "is_bot_flagged"; readonly subject: SuiAddress }
  | { readonly fn: "get_updated_epoch"; readonly subject: SuiAddress }
  | { readonly fn: "is_trusted"; readonly subject: SuiAddress; readonly threshold: number }
  | { readonly fn: "total_scored" };

export type RegistryViewName = RegistryView["fn"];

/** What each view returns in Move: bool, u8 or u64 (bigint). */
export type ViewValue = boolean | number | bigint;

export function viewReturnType(fn: RegistryViewName): "bool" | "u8" | "u64" {
  switch (fn) {
    case "is_scored":
    case "is_bot_flagged":
    case "is_trusted":
      return "bool";
    case "get_score":
    case "get_tier":
    case "get_confidence":
      return "u8";
    case "get_updated_epoch":
    case "total_scored":
      return "u64";
  }
}

/** The views every read of one record makes, in this order, after is_scored said yes. */
export function recordViews(subject: SuiAddress): readonly RegistryView[] {
  return [
    { fn: "get_score", subject },
    { fn: "get_tier", subject },
    { fn: "get_confidence", subject },
    { fn: "is_bot_flagged", subject },
    { fn: "get_updated_epoch", subject },
  ];
}
