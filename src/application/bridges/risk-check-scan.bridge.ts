import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { TransactionScanAnswer } from "../../domain/scan/scan-answer";
import type { TransactionScanRequest } from "../../domain/scan/scan-requests";
import type { RiskCheckScan, RiskScanFailed } from "../use-cases/risk-check/risk-check-scan.port";
import { ScanTransaction } from "../use-cases/scan/scan-transaction.use-case";

/** The risk check's view of the transaction scan: its use case's answer, as is. */
@injectable()
export class RiskCheckScanFromScan implements RiskCheckScan {
  constructor(@inject(ScanTransaction) private readonly scan: ScanTransaction) {}

  scanTransaction(request: TransactionScanRequest): TE.TaskEither<RiskScanFailed, TransactionScanAnswer> {
    return pipe(
      this.scan.execute(request),
      TE.mapLeft((failure): RiskScanFailed => ({ _tag: "RiskScanFailed", detail: failure.detail })),
    );
  }
}
