import Router from "@koa/router";
import * as E from "fp-ts/Either";
import type { Middleware } from "koa";
import type { AnalyzeStaking } from "../../../application/use-cases/staking/analyze-staking.use-case";
import type { GetStakingLeaderboard } from "../../../application/use-cases/staking/get-staking-leaderboard.use-case";
import { sendError, sendJson } from "../respond";
import { addressParam, intQuery } from "../validation";

export interface StakingRouteDeps {
  readonly analyzeStaking: AnalyzeStaking;
  /** Analysis reads the chain: limited per client (STAKING_RATE_LIMIT_PER_MINUTE). */
  readonly rateLimit: Middleware;
  readonly getLeaderboard: GetStakingLeaderboard;
}

export function stakingRoutes(deps: StakingRouteDeps): Router {
  const router = new Router();
  router.get("/api/staking/analyze/:address", deps.rateLimit, async (ctx) => {
    const address = addressParam(ctx.params);
    if (E.isLeft(address)) return sendError(ctx, address.left);
    const signal = await deps.analyzeStaking.execute(address.right)();
    if (E.isLeft(signal)) {
      ctx.state.log.warn({ cause: signal.left.cause.detail }, "staking analysis failed");
      return sendError(ctx, { code: "staking_analysis_failed" });
    }
    sendJson(ctx, 200, signal.right);
  });
  // limit: default 50, clamped 1..100; offset >= 0 (the use-case clamps).
  router.get("/api/staking/leaderboard", async (ctx) => {
    const page = await deps.getLeaderboard.execute({
      limit: intQuery(ctx.query.limit),
      offset: intQuery(ctx.query.offset),
    })();
    if (E.isLeft(page)) return sendError(ctx, { code: "staking_analysis_failed" });
    sendJson(ctx, 200, page.right);
  });
  return router;
}
