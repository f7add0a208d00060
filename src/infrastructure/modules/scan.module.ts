import type { Container, Newable } from "inversify";
import { ScanScoresFromScoring } from "../../application/bridges/scan-scores.bridge";
import { CounterpartyAssessor } from "../../application/use-cases/scan/counterparty-assessor";
import { ListWalletApprovals } from "../../application/use-cases/scan/list-wallet-approvals.use-case";
import { ScanMessage } from "../../application/use-cases/scan/scan-message.use-case";
import { ScanScores } from "../../application/use-cases/scan/scan-scores.port";
import { ScanSettings } from "../../application/use-cases/scan/scan-settings";
import { ScanTransaction } from "../../application/use-cases/scan/scan-transaction.use-case";
import { ScanTypedData } from "../../application/use-cases/scan/scan-typed-data.use-case";
import { scanRoutes } from "../../adapters/http/routes/scan.routes";
import type { FeatureModule } from "../feature-module";

/** Wallet protection's use cases, bound by the composition root and resolved by its smoke test. */
export const SCAN_USE_CASES: readonly Newable<object>[] = [
  ScanTransaction,
  ScanTypedData,
  ScanMessage,
  ListWalletApprovals,
];

export function bindScan(container: Container, settings: ScanSettings): void {
  container.bind(ScanScores).to(ScanScoresFromScoring).inSingletonScope();
  container.bind(ScanSettings).toConstantValue(settings);
  container.bind(CounterpartyAssessor).toSelf().inSingletonScope();
}

/** Wallet protection: transaction, typed-data and message scans, a wallet's approvals. */
export const scanModule: FeatureModule = {
  name: "scan",
  useCases: SCAN_USE_CASES,
  bind: ({ container, runtime }) =>
    bindScan(container, { chainId: runtime.chain.chainId, historyFromBlock: runtime.config.env.INDEX_FROM_BLOCK }),
  routes: ({ container, config, limited }) => [
    scanRoutes({
      scanTransaction: container.get(ScanTransaction),
      scanTypedData: container.get(ScanTypedData),
      scanMessage: container.get(ScanMessage),
      listWalletApprovals: container.get(ListWalletApprovals),
      chainId: container.get<ScanSettings>(ScanSettings).chainId,
      rateLimit: limited("scan", config.env.SCAN_RATE_LIMIT_PER_MINUTE),
    }),
  ],
};
