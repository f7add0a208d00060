/**
 * Daily write budgets: what the oracle keys may spend on chain writes per chain and day. The day
 * is UTC wall-clock (a budget is money, like a payment window), never chain time: a chain whose
 * clock stalls or races must not open new days.
 */

/** Chains whose writes draw on a budget; each names its own unit (Sui: MIST of gas budget; EVM: gas). */
export type WriteChain = "sui" | "evm";

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of the UTC day holding `nowMs`. */
export function budgetDayOf(nowMs: number): string {
  return new Date(Math.floor(nowMs / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
}

/** Whole seconds until the next UTC day opens a fresh budget (at least 1). */
export function secondsUntilNextBudgetDay(nowMs: number): number {
  const next = (Math.floor(nowMs / DAY_MS) + 1) * DAY_MS;
  return Math.max(1, Math.ceil((next - nowMs) / 1_000));
}
