import Router from "@koa/router";
import * as E from "fp-ts/Either";
import type { Middleware } from "koa";
import type { ScoreAddress } from "../../../application/use-cases/scoring/score-address.use-case";
import { widgetBody } from "../presenters/score-presenters";
import { scoringFailureError } from "../failure-table";
import { sendError, sendJson } from "../respond";
import { addressParam } from "../validation";

export interface WidgetRouteDeps {
  readonly rateLimit: Middleware;
  readonly scoreAddress: ScoreAddress;
}

/** GET /api/widget/score/{address}: public embed, open CORS, 8 requests a minute per IP by default. */
export function widgetRoutes(deps: WidgetRouteDeps): Router {
  const router = new Router();
  router.get("/api/widget/score/:address", deps.rateLimit, async (ctx) => {
    const address = addressParam(ctx.params);
    if (E.isLeft(address)) return sendError(ctx, address.left);
    const scored = await deps.scoreAddress.execute(address.right)();
    if (E.isLeft(scored)) {
      ctx.state.log.warn({ cause: scored.left.cause.detail }, "widget scoring failed");
      return sendError(ctx, scoringFailureError(scored.left));
    }
    sendJson(ctx, 200, widgetBody(scored.right));
  });
  return router;
}
