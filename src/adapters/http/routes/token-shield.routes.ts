import Router from "@koa/router";
import * as E from "fp-ts/Either";
import { sendError, sendNotImplemented } from "../respond";
import { addressParam } from "../validation";

/** GET /api/token-shield/nft/{address}: free NFT contract scoring. */
export function tokenShieldRoutes(): Router {
  const router = new Router();
  router.get("/api/token-shield/nft/:address", async (ctx) => {
    const address = addressParam(ctx.params);
    if (E.isLeft(address)) return sendError(ctx, address.left);
    return sendNotImplemented(ctx);
  });
  return router;
}
