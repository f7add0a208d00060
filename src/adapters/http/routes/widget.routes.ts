import Router from "@koa/router";
import * as E from "fp-ts/Either";
import type { Middleware } from "koa";
import { sendError, sendNotImplemented } from "../respond";
import { addressParam } from "../validation";

export interface WidgetRouteDeps {
  readonly rateLimit: Middleware;
}

/** GET /api/widget/score/{address}: public embed, open CORS, 8 requests a minute per IP by default. */
export function widgetRoutes(deps: WidgetRouteDeps): Router {
  const router = new Router();
  router.get("/api/widget/score/:address", deps.rateLimit, async (ctx) => {
    const address = addressParam(ctx.params);
    if (E.isLeft(address)) return sendError(ctx, address.left);
    return sendNotImplemented(ctx);
  });
  return router;
}
