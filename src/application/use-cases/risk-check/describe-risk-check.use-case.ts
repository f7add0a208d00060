import { inject, injectable } from "inversify";
import { riskCheckDiscovery } from "../../../domain/risk-check/risk-check-discovery";
import { RiskCheckSigner, type PublicJwk } from "../../ports/risk-check-signer.port";
import { RiskCheckSettings } from "./risk-check-settings";

/** GET /.well-known/risk-check.json and /.well-known/jwks.json: what a facilitator needs to call and verify. */
@injectable()
export class DescribeRiskCheck {
  constructor(
    @inject(RiskCheckSigner) private readonly signer: RiskCheckSigner,
    @inject(RiskCheckSettings) private readonly settings: RiskCheckSettings,
  ) {}

  execute(baseUrl: string): {
    readonly discovery: ReturnType<typeof riskCheckDiscovery>;
    readonly jwks: { readonly keys: readonly PublicJwk[] };
  } {
    return {
      discovery: riskCheckDiscovery(baseUrl, this.settings.chainId, this.signer.keyId()),
      jwks: this.signer.jwks(),
    };
  }
}
