import Router from "@koa/router";
import * as E from "fp-ts/Either";
import type { Middleware } from "koa";
import type { ScoreAddress } from "../../../application/use-cases/scoring/score-address.use-case";
import { isAddressText, parseAddress, type Address } from "../../../domain/chain/address";
import { ConcurrencyLimiter } from "../../shared/concurrency-limiter";
import { apiError, type ApiError } from "../api-error";
import { batchItem } from "../presenters/score-presenters";
import { sendError, sendJson } from "../respond";
import { scoringFailureError } from "../scoring-failure";
import { bodyOf, isRecord } from "../validation";

/** SPEC.md: at most 40 addresses per batch request. */
export const MAX_BATCH_ADDRESSES = 40;
/** Addresses of one batch scored at once: enough to overlap I/O, few enough not to starve other requests. */
const BATCH_CONCURRENCY = 4;

export interface BatchRouteDeps {
  readonly rateLimit: Middleware;
  readonly scoreAddress: ScoreAddress;
}

/** `{addresses: string[]}` -> the distinct addresses (duplicates answered once), or the first error SPEC.md names. */
export function decodeBatchRequest(body: unknown): E.Either<ApiError, readonly Address[]> {
  const addresses = isRecord(body) ? body.addresses : undefined;
  if (!Array.isArray(addresses) || addresses.length === 0) return E.left(apiError("addresses_required"));
  if (addresses.length > MAX_BATCH_ADDRESSES) {
    return E.left(apiError("too_many_addresses", { max: MAX_BATCH_ADDRESSES }));
  }
  const invalid = addresses.filter((a) => !isAddressText(a));
  if (invalid.length > 0) return E.left(apiError("invalid_addresses", { invalid: invalid.slice(0, MAX_BATCH_ADDRESSES) }));
  return E.right([...new Set(addresses.map((a) => parseAddress(a)!))]);
}

export function batchRoutes(deps: BatchRouteDeps): Router {
  const router = new Router();
  router.post("/api/batch", deps.rateLimit, async (ctx) => {
    const request = decodeBatchRequest(bodyOf(ctx));
    if (E.isLeft(request)) return sendError(ctx, request.left);
    const limiter = new ConcurrencyLimiter(BATCH_CONCURRENCY);
    const items = await Promise.all(
      request.right.map((address) =>
        limiter.run(async () => {
          const scored = await deps.scoreAddress.execute(address)();
          if (E.isRight(scored)) return batchItem(scored.right);
          // An address that cannot be scored gets its own error; nothing is made up for it.
          const error = scoringFailureError(scored.left).code;
          return { address, score: null, tier: null, confidence: null, flags: [], state: null, error };
        }),
      ),
    );
    if (items.every((item) => "error" in item)) return sendError(ctx, { code: "batch_failed" });
    sendJson(ctx, 200, items);
  });
  return router;
}
