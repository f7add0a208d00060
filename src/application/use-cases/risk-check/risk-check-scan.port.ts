import type { TaskEither } from "fp-ts/TaskEither";
import type { TransactionScanAnswer } from "../../../domain/scan/scan-answer";
import type { TransactionScanRequest } from "../../../domain/scan/scan-requests";

export interface RiskScanFailed {
  readonly _tag: "RiskScanFailed";
  /** For logs only. */
  readonly detail: string;
}

/**
 * What a risk check with a `transaction` needs from the scan: the same answer POST /api/scan/transaction gives.
 * Declared here, by its consumer; the bridge to the scan module is in application/bridges/.
 */
export interface RiskCheckScan {
  scanTransaction(request: TransactionScanRequest): TaskEither<RiskScanFailed, TransactionScanAnswer>;
}

export const RiskCheckScan = Symbol.for("RiskCheckScan");
