import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import { gatingSchemaDocument } from "../../../domain/gating/attestation-eip712";
import { AttestationSigner } from "../../ports/attestation-signer.port";
import { GatingSettings } from "./gating-settings";
import { EasAttestationSigner } from "../../ports/eas-attestation-signer.port";
import { easSchemaDocument } from "../../../domain/gating/eas-schema";

export type GatingSchema = ReturnType<typeof gatingSchemaDocument> & {
  readonly eas: ReturnType<typeof easSchemaDocument>;
  readonly revocations: string;
};

/** GET /api/gating/schema: the EIP-712 definition, the EAS schema and UID, and the issuer a relying party should trust. */
@injectable()
export class GetGatingSchema {
  constructor(
    @inject(AttestationSigner) private readonly signer: AttestationSigner,
    @inject(GatingSettings) private readonly settings: GatingSettings,
    @inject(EasAttestationSigner) private readonly eas: EasAttestationSigner,
  ) {}

  /** Never fails: the schema is settings and the issuer's address. */
  execute(): TE.TaskEither<never, GatingSchema> {
    return TE.right({
      ...gatingSchemaDocument(
        { address: this.signer.issuer(), devSigned: this.signer.isDevKey() },
        this.settings.chainId,
      ),
      eas: easSchemaDocument(this.settings.eas, this.eas.schemaUid(), this.signer.issuer()),
      revocations:
        "GET /api/gating/revocations lists revoked ids (Credence `id` or EAS `uid`); verify answers `revoked` for them",
    });
  }
}
