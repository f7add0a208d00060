import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import { riskCheckDiscovery } from "../../../domain/risk-check/risk-check-discovery";
import { RiskCheckSigner, type PublicJwk } from "../../ports/risk-check-signer.port";
import { RiskCheckSettings } from "./risk-check-settings";

export interface RiskCheckDescription {
  readonly discovery: ReturnType<typeof riskCheckDiscovery>;
  readonly jwks: { readonly keys: readonly PublicJwk[] };
}

/** GET /.well-known/risk-check.json and /.well-known/jwks.json: what a facilitator needs to call and verify. */
@injectable()
export class DescribeRiskCheck {
  constructor(
    @inject(RiskCheckSigner) private readonly signer: RiskCheckSigner,
    @inject(RiskCheckSettings) private readonly settings: RiskCheckSettings,
  ) {}

  /** Never fails: both documents come from settings and the signer's public key. */
  execute(baseUrl: string): TE.TaskEither<never, RiskCheckDescription> {
    return TE.right({
      discovery: riskCheckDiscovery(baseUrl, this.settings.chainId, this.signer.keyId()),
      jwks: this.signer.jwks(),
    });
  }
}
