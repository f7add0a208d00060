import Router from "@koa/router";
import * as E from "fp-ts/Either";
import type { Middleware } from "koa";
import type { ScoreAddress } from "../../../application/use-cases/scoring/score-address.use-case";
import { decodeBatchRequest } from "../../../domain/scoring/batch-request";
import { ConcurrencyLimiter } from "../../shared/concurrency-limiter";
import { batchItem } from "../presenters/score-presenters";
import { sendError, sendJson } from "../respond";
import { scoringFailureError } from "../failure-table";
import { bodyOf } from "../validation";

/** Addresses of one batch scored at once: enough to overlap I/O, few enough not to starve other requests. */
const BATCH_CONCURRENCY = 4;

export interface BatchRouteDeps {
  readonly rateLimit: Middleware;
  readonly scoreAddress: ScoreAddress;
}

export function batchRoutes(deps: BatchRouteDeps): Router {
  const router = new Router();
  router.post("/api/batch", deps.rateLimit, async (ctx) => {
    const request = decodeBatchRequest(bodyOf(ctx));
    if (E.isLeft(request)) {
      const { code, ...fields } = request.left;
      return sendError(ctx, { code, fields });
    }
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
