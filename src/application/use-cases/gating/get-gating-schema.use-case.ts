import { inject, injectable } from "inversify";
import { gatingSchemaDocument } from "../../../domain/gating/attestation-eip712";
import { AttestationSigner } from "../../ports/attestation-signer.port";
import { GatingSettings } from "./gating-settings";

export type GatingSchema = ReturnType<typeof gatingSchemaDocument>;

/** GET /api/gating/schema: the EIP-712 definition plus the issuer address a relying party should trust. */
@injectable()
export class GetGatingSchema {
  constructor(
    @inject(AttestationSigner) private readonly signer: AttestationSigner,
    @inject(GatingSettings) private readonly settings: GatingSettings,
  ) {}

  execute(): GatingSchema {
    return gatingSchemaDocument(
      { address: this.signer.issuer(), devSigned: this.signer.isDevKey() },
      this.settings.chainId,
    );
  }
}
