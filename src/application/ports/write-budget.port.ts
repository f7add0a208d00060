import type { WriteChain } from "../../domain/write-budget/write-budget-day";

/** granted: the amount is now spent from the day's budget; exhausted: it would overspend it (nothing spent); unavailable: the store did not answer (nothing may be sent). */
export type BudgetOutcome = "granted" | "exhausted" | "unavailable";

/** The most each chain's writes may reserve per UTC day, in that chain's unit (Sui: MIST; EVM: gas). */
export type WriteBudgetLimits = Readonly<Record<WriteChain, bigint>>;

/**
 * A global budget per chain and UTC day for on-chain writes the service pays for, shared by every
 * instance. A reservation is all or nothing and atomic: of N concurrent reservers, exactly as many
 * are granted as the budget holds. What is reserved stays spent (a write reserves its maximum gas
 * and may use less; a failed write may have paid gas too).
 */
export interface WriteBudget {
  /** `day` is `YYYY-MM-DD` (budgetDayOf); `amount` > 0. */
  reserve(chain: WriteChain, day: string, amount: bigint): Promise<BudgetOutcome>;
}

export const WriteBudget = Symbol.for("WriteBudget");
