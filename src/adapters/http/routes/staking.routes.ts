import Router from "@koa/router";
import * as E from "fp-ts/Either";
import { sendError, sendNotImplemented } from "../respond";
import { addressParam } from "../validation";

export function stakingRoutes(): Router {
  const router = new Router();
  router.get("/api/staking/analyze/:address", async (ctx) => {
    const address = addressParam(ctx.params);
    if (E.isLeft(address)) return sendError(ctx, address.left);
    return sendNotImplemented(ctx);
  });
  router.get("/api/staking/leaderboard", async (ctx) => sendNotImplemented(ctx));
  return router;
}
