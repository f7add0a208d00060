import type { KeyObject } from "node:crypto";
import type { Container, Newable } from "inversify";
import { JoseRiskCheckSigner } from "../../adapters/risk-check/jose-risk-check-signer.adapter";
import { RiskCheckScoresFromScoring } from "../../application/bridges/risk-check-scores.bridge";
import { RiskCheckSigner } from "../../application/ports/risk-check-signer.port";
import { CheckRisk } from "../../application/use-cases/risk-check/check-risk.use-case";
import { DescribeRiskCheck } from "../../application/use-cases/risk-check/describe-risk-check.use-case";
import { RiskCheckScores } from "../../application/use-cases/risk-check/risk-check-scores.port";
import { RiskCheckSettings } from "../../application/use-cases/risk-check/risk-check-settings";

/** The risk-check use cases, bound by the composition root and resolved by its smoke test. */
export const RISK_CHECK_USE_CASES: readonly Newable<object>[] = [CheckRisk, DescribeRiskCheck];

export function bindRiskCheck(container: Container, key: KeyObject, chainId: number): void {
  container.bind(RiskCheckSigner).toConstantValue(new JoseRiskCheckSigner(key));
  container.bind(RiskCheckScores).to(RiskCheckScoresFromScoring);
  container.bind(RiskCheckSettings).toConstantValue({ chainId });
}
