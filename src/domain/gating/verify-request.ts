import * as E from "fp-ts/Either";
import { gatingInputError, isJsonObject, type GatingInputError } from "./gating-input-error";

/** POST /api/gating/verify, decoded only as far as the edge must: the rest is verify's answer. */
export interface VerifyCommand {
  /** Any object: a wrong shape is answered `valid:false, reasons:["malformed"]`, not a 400. */
  readonly attestation: Record<string, unknown>;
  readonly expectedSubject: unknown;
  readonly expectedChainId: unknown;
}

export function decodeVerifyRequest(body: unknown): E.Either<GatingInputError, VerifyCommand> {
  if (!isJsonObject(body) || !isJsonObject(body.attestation)) return E.left(gatingInputError("attestation_required"));
  return E.right({
    attestation: body.attestation,
    expectedSubject: body.expectedSubject,
    expectedChainId: body.expectedChainId,
  });
}
