import { randomBytes } from "node:crypto";
import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import { type Dispute, type DisputeRequest, disputeMessage } from "../../../domain/review/dispute";
import { Clock } from "../../ports/clock.port";
import { ContractControllers } from "../../ports/contract-controllers.port";
import { DisputeStore } from "../../ports/dispute-store.port";
import { MessageSignatures } from "../../ports/message-signatures.port";
import type { DisputeFailure } from "./dispute-failure";
import { DisputeSettings } from "./dispute-settings";

/**
 * POST /api/disputes: stores one dispute, open, for the operator to decide. A signature over `disputeMessage` that
 * recovers to the contract's owner or deployer (the scorer's own owner discovery and deployer lookup) marks it
 * `ownerSigned`; any other signer is kept for the operator and marks nothing. Filing changes no answer except
 * that answers now name the dispute.
 */
@injectable()
export class FileDispute {
  constructor(
    @inject(DisputeStore) private readonly store: DisputeStore,
    @inject(Clock) private readonly clock: Clock,
    @inject(ContractControllers) private readonly controllers: ContractControllers,
    @inject(MessageSignatures) private readonly signatures: MessageSignatures,
    @inject(DisputeSettings) private readonly settings: DisputeSettings,
  ) {}

  execute(request: DisputeRequest): TE.TaskEither<DisputeFailure, Dispute> {
    return async () => {
      let signer: Address | null = null;
      let ownerSigned = false;
      if (request.signature !== null) {
        signer = this.signatures.recoverPersonalSigner(
          disputeMessage(this.settings.chainId, request),
          request.signature,
        );
        if (signer === null) return E.left({ _tag: "DisputeSignatureInvalid" });
        const controllers = await this.controllers.controllersOf(request.address)();
        if (E.isLeft(controllers)) return controllers;
        ownerSigned = controllers.right.includes(signer);
      }
      const dispute: Dispute = {
        id: `dsp_${randomBytes(16).toString("hex")}`,
        address: request.address,
        flag: request.flag,
        reason: request.reason,
        evidence: request.evidence,
        contact: request.contact,
        ownerSigned,
        signer,
        status: "open",
        filedAt: new Date(this.clock.nowMs()).toISOString(),
        decidedAt: null,
        decisionReason: null,
        action: null,
      };
      const added = await this.store.add(dispute)();
      return E.isLeft(added) ? added : E.right(dispute);
    };
  }
}
