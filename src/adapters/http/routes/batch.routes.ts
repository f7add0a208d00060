import Router from "@koa/router";
import * as E from "fp-ts/Either";
import type { Middleware } from "koa";
import type { ScoreBatch } from "../../../application/use-cases/scoring/score-batch.use-case";
import { decodeBatchRequest } from "../../../domain/scoring/batch-request";
import { scoringFailureError } from "../failure-table";
import { batchItem } from "../presenters/score-presenters";
import { sendError, sendJson } from "../respond";
import { bodyOf } from "../validation";

export interface BatchRouteDeps {
  readonly rateLimit: Middleware;
  readonly scoreBatch: ScoreBatch;
}

export function batchRoutes(deps: BatchRouteDeps): Router {
  const router = new Router();
  router.post("/api/batch", deps.rateLimit, async (ctx) => {
    const request = decodeBatchRequest(bodyOf(ctx));
    if (E.isLeft(request)) {
      const { code, ...fields } = request.left;
      return sendError(ctx, { code, fields });
    }
    const batch = await deps.scoreBatch.execute(request.right)();
    if (E.isLeft(batch)) return sendError(ctx, { code: "batch_failed" });
    sendJson(
      ctx,
      200,
      batch.right.map((item) =>
        "scored" in item
          ? batchItem(item.scored)
          : {
              address: item.address,
              score: null,
              tier: null,
              confidence: null,
              coverage: null,
              flags: [],
              state: null,
              error: scoringFailureError(item.failure).code,
            },
      ),
    );
  });
  return router;
}
