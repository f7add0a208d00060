import * as E from "fp-ts/Either";
import { UseClassCodec } from "./attestation-codec";
import { gatingInputError, isJsonObject, type GatingInputError } from "./gating-input-error";
import type { UseClass } from "./use-class";

/** POST /api/gating/verify, decoded only as far as the edge must: the rest is verify's answer. */
export interface VerifyCommand {
  /** Any object: a wrong shape is answered `valid:false, reasons:["malformed"]`, not a 400. */
  readonly attestation: Record<string, unknown>;
  readonly expectedSubject: unknown;
  readonly expectedChainId: unknown;
  /** Optional; a value that is not a use class is the caller's error (400), not a verdict. */
  readonly expectedUseClass?: UseClass;
}

export function decodeVerifyRequest(body: unknown): E.Either<GatingInputError, VerifyCommand> {
  if (!isJsonObject(body) || !isJsonObject(body.attestation)) return E.left(gatingInputError("attestation_required"));
  const expectedUseClass =
    body.expectedUseClass === undefined ? undefined : UseClassCodec.decode(body.expectedUseClass);
  if (expectedUseClass !== undefined && E.isLeft(expectedUseClass))
    return E.left(gatingInputError("invalid_use_class"));
  return E.right({
    attestation: body.attestation,
    expectedSubject: body.expectedSubject,
    expectedChainId: body.expectedChainId,
    ...(expectedUseClass === undefined ? {} : { expectedUseClass: expectedUseClass.right }),
  });
}
