import type { BudgetOutcome, WriteBudget, WriteBudgetLimits } from "../../application/ports/write-budget.port";
import type { WriteChain } from "../../domain/write-budget/write-budget-day";

/** Days kept per chain: today and the day before (a request begun just before midnight). */
const DAYS_KEPT = 2;

/**
 * The budget in process memory: the embedded default and a single instance. Check and spend happen
 * in one synchronous step, so concurrent requests cannot overspend it; several instances would
 * each spend a whole budget (REDIS_URL shares one).
 */
export class InMemoryWriteBudget implements WriteBudget {
  /** chain -> day -> spent, oldest day first. */
  private readonly spent = new Map<WriteChain, Map<string, bigint>>();

  constructor(private readonly limits: WriteBudgetLimits) {}

  reserve(chain: WriteChain, day: string, amount: bigint): Promise<BudgetOutcome> {
    let days = this.spent.get(chain);
    if (days === undefined) this.spent.set(chain, (days = new Map()));
    const used = days.get(day) ?? 0n;
    if (amount <= 0n || used + amount > this.limits[chain]) return Promise.resolve("exhausted");
    days.set(day, used + amount);
    const oldest = [...days.keys()].sort();
    for (const old of oldest.slice(0, Math.max(0, oldest.length - DAYS_KEPT))) days.delete(old);
    return Promise.resolve("granted");
  }
}
