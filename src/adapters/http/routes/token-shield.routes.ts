import Router from "@koa/router";
import * as E from "fp-ts/Either";
import type { ScoreAddress } from "../../../application/use-cases/scoring/score-address.use-case";
import { tokenBody } from "../presenters/score-presenters";
import { sendError, sendJson } from "../respond";
import { addressParam } from "../validation";

/**
 * GET /api/token-shield/nft/{address}: free NFT contract scoring. Any address gets an answer
 * (a non-NFT says so in contractType); sparse data lowers confidence, never fails.
 */
export function tokenShieldRoutes(deps: { readonly scoreAddress: ScoreAddress }): Router {
  const router = new Router();
  router.get("/api/token-shield/nft/:address", async (ctx) => {
    const address = addressParam(ctx.params);
    if (E.isLeft(address)) return sendError(ctx, address.left);
    const scored = await deps.scoreAddress.execute(address.right)();
    if (E.isLeft(scored)) return sendError(ctx, { code: "explorer_failed" });
    sendJson(ctx, 200, tokenBody(scored.right, "free"));
  });
  return router;
}
