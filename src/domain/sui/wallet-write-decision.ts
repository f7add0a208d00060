import type { SuiAddressActivity } from "./sui-facts";

/**
 * Whether a scored wallet may be written to the ScoreRegistry. Every write is a transaction the
 * oracle pays for and, for a subject never scored, a new registry entry: an address nothing has
 * ever happened to (any random 32 bytes) is answered read-only, so a stranger cannot spend the
 * oracle's SUI or fill the registry with empty entries by naming addresses.
 */
export type WalletWriteDecision = { readonly write: true } | { readonly write: false; readonly reason: "no_history" };

/** No transaction affected the address and it created no object, as the activity reader saw it. */
export function hasHistory(activity: SuiAddressActivity): boolean {
  return activity.transactionCount > 0 || activity.firstAtMs !== null || activity.objectsCreated > 0;
}

export function walletWriteDecision(activity: SuiAddressActivity): WalletWriteDecision {
  return hasHistory(activity) ? { write: true } : { write: false, reason: "no_history" };
}
