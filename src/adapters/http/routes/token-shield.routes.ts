import Router from "@koa/router";
import * as E from "fp-ts/Either";
import type { Middleware } from "koa";
import type { ScoreNftContract } from "../../../application/use-cases/scoring/score-nft-contract.use-case";
import { nftFailureError } from "../failure-table";
import { tokenBody } from "../presenters/score-presenters";
import { sendError, sendJson } from "../respond";
import { addressParam } from "../validation";

export interface TokenShieldRouteDeps {
  readonly scoreNftContract: ScoreNftContract;
  /** Every answer computes a score (NFT_RATE_LIMIT_PER_MINUTE). */
  readonly rateLimit: Middleware;
}

/**
 * GET /api/token-shield/nft/{address}: free NFT contract scoring. Anything that is not an NFT
 * collection is `400 not_nft_contract` with the `kind` found and a `redirect` to its product.
 */
export function tokenShieldRoutes(deps: TokenShieldRouteDeps): Router {
  const router = new Router();
  router.get("/api/token-shield/nft/:address", deps.rateLimit, async (ctx) => {
    const address = addressParam(ctx.params);
    if (E.isLeft(address)) return sendError(ctx, address.left);
    const scored = await deps.scoreNftContract.execute(address.right)();
    if (E.isRight(scored)) return sendJson(ctx, 200, tokenBody(scored.right, "free"));
    return sendError(ctx, nftFailureError(scored.left, ctx.state.log));
  });
  return router;
}
