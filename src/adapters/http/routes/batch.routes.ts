import Router from "@koa/router";
import * as E from "fp-ts/Either";
import type { Middleware } from "koa";
import { isAddressText, parseAddress, type Address } from "../../../domain/chain/address";
import { apiError, type ApiError } from "../api-error";
import { sendError, sendNotImplemented } from "../respond";
import { bodyOf, isRecord } from "../validation";

/** SPEC.md: at most 40 addresses per batch request. */
export const MAX_BATCH_ADDRESSES = 40;

export interface BatchRouteDeps {
  readonly rateLimit: Middleware;
}

/** `{addresses: string[]}` -> the distinct addresses, or the first error SPEC.md names. */
export function decodeBatchRequest(body: unknown): E.Either<ApiError, readonly Address[]> {
  const addresses = isRecord(body) ? body.addresses : undefined;
  if (!Array.isArray(addresses) || addresses.length === 0) return E.left(apiError("addresses_required"));
  if (addresses.length > MAX_BATCH_ADDRESSES) {
    return E.left(apiError("too_many_addresses", { max: MAX_BATCH_ADDRESSES }));
  }
  const invalid = addresses.filter((a) => !isAddressText(a));
  if (invalid.length > 0) return E.left(apiError("invalid_addresses", { invalid: invalid.slice(0, MAX_BATCH_ADDRESSES) }));
  return E.right(addresses.map((a) => parseAddress(a)!));
}

export function batchRoutes(deps: BatchRouteDeps): Router {
  const router = new Router();
  router.post("/api/batch", deps.rateLimit, async (ctx) => {
    const request = decodeBatchRequest(bodyOf(ctx));
    if (E.isLeft(request)) return sendError(ctx, request.left);
    return sendNotImplemented(ctx);
  });
  return router;
}
