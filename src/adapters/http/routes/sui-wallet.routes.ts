import Router from "@koa/router";
import * as E from "fp-ts/Either";
import type { Middleware } from "koa";
import type { ScoreSuiWallet } from "../../../application/use-cases/sui/score-sui-wallet.use-case";
import { parseSuiAddress } from "../../../domain/sui/sui-address";
import { suiWalletFailureError } from "../failure-table";
import { suiWalletBody } from "../presenters/sui-presenters";
import { sendError, sendJson } from "../respond";
import { bodyOf, isRecord } from "../validation";

export interface SuiWalletRouteDeps {
  readonly rateLimit: Middleware;
  readonly scoreSuiWallet: ScoreSuiWallet;
}

/** POST {sui}/api/score-wallet {address}: scores, writes to the ScoreRegistry, answers the registry's reading. */
export function suiWalletRoutes(deps: SuiWalletRouteDeps): Router {
  const router = new Router();
  router.post("/api/score-wallet", deps.rateLimit, async (ctx) => {
    const body = bodyOf(ctx);
    const address = isRecord(body) ? parseSuiAddress(body.address) : undefined;
    if (address === undefined) return sendError(ctx, { code: "invalid_address" });
    const answer = await deps.scoreSuiWallet.execute(address)();
    if (E.isLeft(answer)) return sendError(ctx, suiWalletFailureError(answer.left, ctx.state.log));
    sendJson(ctx, 200, suiWalletBody(answer.right));
  });
  return router;
}
