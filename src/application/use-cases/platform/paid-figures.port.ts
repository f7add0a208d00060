import type { TaskEither } from "fp-ts/TaskEither";
import type { UpstreamFailure } from "../../failures";

export interface PaidTotals {
  /** Paid answers, from the payment ledger (restarts keep them). */
  readonly paidQueries: number;
  /** Value moved in whole asset units as a decimal string ("0.002"). */
  readonly valueMoved: string;
}

/**
 * What the platform counters need from payment: the ledger's totals. Declared here, by its consumer;
 * the bridge to the payment module is in application/bridges/.
 */
export interface PaidFigures {
  totals(): TaskEither<UpstreamFailure, PaidTotals>;
}

export const PaidFigures = Symbol.for("PaidFigures");
