import type { Container, Newable } from "inversify";
import { parseAllowlist } from "../../adapters/outbound/outbound-address-policy";
import { InMemoryPayeeSightings } from "../../adapters/risk-check/in-memory-payee-sightings.adapter";
import { SafeHttpPaymentChallengeFetcher } from "../../adapters/outbound/safe-http-challenge-fetcher.adapter";
import {
  PayeeCheckSettings,
  PayeeSightings,
  PaymentChallengeFetcher,
} from "../../application/use-cases/risk-check/payee-check.ports";
import { CheckPayee } from "../../application/use-cases/risk-check/check-payee.use-case";
import { arcNetworkOf } from "../../domain/chain/arc-network";
import type { Config } from "../config/config";
import { JoseRiskCheckSigner } from "../../adapters/risk-check/jose-risk-check-signer.adapter";
import { RiskCheckScanFromScan } from "../../application/bridges/risk-check-scan.bridge";
import { RiskCheckScoresFromScoring } from "../../application/bridges/risk-check-scores.bridge";
import { RiskCheckSigner } from "../../application/ports/risk-check-signer.port";
import { CheckRiskBatch } from "../../application/use-cases/risk-check/check-risk-batch.use-case";
import { CheckRisk } from "../../application/use-cases/risk-check/check-risk.use-case";
import { DescribeRiskCheck } from "../../application/use-cases/risk-check/describe-risk-check.use-case";
import { RiskCheckScan } from "../../application/use-cases/risk-check/risk-check-scan.port";
import { RiskCheckScores } from "../../application/use-cases/risk-check/risk-check-scores.port";
import { RiskCheckSettings } from "../../application/use-cases/risk-check/risk-check-settings";
import { riskCheckRoutes } from "../../adapters/http/routes/risk-check.routes";
import type { FeatureModule } from "../feature-module";

/** The risk-check use cases, bound by the composition root and resolved by its smoke test. */
export const RISK_CHECK_USE_CASES: readonly Newable<object>[] = [
  CheckRisk,
  CheckRiskBatch,
  CheckPayee,
  DescribeRiskCheck,
];

export function bindRiskCheck(container: Container, config: Config, chainId: number): void {
  container.bind(RiskCheckSigner).toConstantValue(new JoseRiskCheckSigner(config.riskCheckKey));
  container.bind(RiskCheckScores).to(RiskCheckScoresFromScoring);
  container.bind(RiskCheckScan).to(RiskCheckScanFromScan);
  container.bind(RiskCheckSettings).toConstantValue({ chainId });
  const allowlist = parseAllowlist(config.env.OUTBOUND_ALLOWLIST);
  container.bind(PaymentChallengeFetcher).toConstantValue(new SafeHttpPaymentChallengeFetcher({ allowlist }));
  container.bind(PayeeSightings).toConstantValue(new InMemoryPayeeSightings());
  container.bind(PayeeCheckSettings).toConstantValue({
    chainId,
    priceCeiling: BigInt(config.env.PAYEE_PRICE_CEILING_ATOMIC),
    manyDomains: config.env.PAYEE_MANY_DOMAINS,
    explorerUrl: arcNetworkOf(chainId)?.explorerUrl ?? null,
  });
}

/** The signed risk check (one, a batch, a payee) and its discovery documents. */
export const riskCheckModule: FeatureModule = {
  name: "risk-check",
  useCases: RISK_CHECK_USE_CASES,
  bind: ({ container, runtime }) => bindRiskCheck(container, runtime.config, runtime.chain.chainId),
  routes: ({ container, config, publicUrl, limited }) => [
    riskCheckRoutes({
      checkRisk: container.get(CheckRisk),
      checkRiskBatch: container.get(CheckRiskBatch),
      checkPayee: container.get(CheckPayee),
      describeRiskCheck: container.get(DescribeRiskCheck),
      rateLimit: limited("risk-check", config.env.RISK_CHECK_RATE_LIMIT_PER_MINUTE),
      batchRateLimit: limited("risk-check-batch", config.env.BATCH_RATE_LIMIT_PER_MINUTE),
      chainId: container.get<RiskCheckSettings>(RiskCheckSettings).chainId,
      publicBaseUrl: publicUrl,
    }),
  ],
};
