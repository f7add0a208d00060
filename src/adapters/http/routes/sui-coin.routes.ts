import Router from "@koa/router";
import * as E from "fp-ts/Either";
import type { Middleware } from "koa";
import type { ScoreSuiCoin } from "../../../application/use-cases/sui/score-sui-coin.use-case";
import { parseCoinType } from "../../../domain/sui/sui-address";
import { coinFailureError } from "../failure-table";
import { coinBody } from "../presenters/sui-presenters";
import { sendError, sendJson } from "../respond";

export interface SuiCoinRouteDeps {
  readonly rateLimit: Middleware;
  readonly scoreSuiCoin: ScoreSuiCoin;
}

/** GET {sui}/api/coin?type=0x<hex>::<module>::<Name>: open CORS, cacheable until nextRescoreAt. */
export function suiCoinRoutes(deps: SuiCoinRouteDeps): Router {
  const router = new Router();
  router.get("/api/coin", deps.rateLimit, async (ctx) => {
    const coinType = parseCoinType(ctx.query.type);
    if (coinType === undefined) return sendError(ctx, { code: "invalid_coin_type" });
    const scored = await deps.scoreSuiCoin.execute(coinType)();
    if (E.isLeft(scored)) return sendError(ctx, coinFailureError(scored.left, ctx.state.log));
    const seconds = Math.max(0, Math.floor((Date.parse(scored.right.nextRescoreAt) - Date.now()) / 1000));
    ctx.set("Cache-Control", `public, max-age=${seconds}`);
    sendJson(ctx, 200, coinBody(scored.right));
  });
  return router;
}
