import Router, { type RouterContext } from "@koa/router";
import { isAddressText } from "../../../domain/chain/address";
import { apiError, type ApiError } from "../api-error";
import { sendError, sendNotImplemented } from "../respond";
import { bodyOf, isRecord } from "../validation";

/** First input error of an attest body, if any. Full decoding lives with the gating use-cases. */
function attestInputError(body: unknown): ApiError | undefined {
  if (!isRecord(body) || !isAddressText(body.subject)) return apiError("invalid_subject");
  return undefined;
}

function verifyInputError(body: unknown): ApiError | undefined {
  if (!isRecord(body) || !isRecord(body.attestation)) return apiError("attestation_required");
  return undefined;
}

function checkInputError(body: unknown): ApiError | undefined {
  if (!isRecord(body) || !isAddressText(body.wallet)) return apiError("invalid_wallet");
  const ladder = body.ladder;
  const hasBands = isRecord(ladder) && Array.isArray(ladder.bands) && ladder.bands.length > 0;
  if (!hasBands && typeof body.ladderPreset !== "string") return apiError("ladder_required");
  return undefined;
}

/** Gating is backend-only: no CORS headers on any of these paths. */
export function gatingRoutes(): Router {
  const router = new Router();
  const validated = (inputError: (body: unknown) => ApiError | undefined) => async (ctx: RouterContext) => {
    const error = inputError(bodyOf(ctx));
    return error === undefined ? sendNotImplemented(ctx) : sendError(ctx, error);
  };
  router.post("/api/gating/attest", validated(attestInputError));
  router.post("/api/gating/verify", validated(verifyInputError));
  router.post("/api/gating/check", validated(checkInputError));
  return router;
}
