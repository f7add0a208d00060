import Router from "@koa/router";
import * as E from "fp-ts/Either";
import type { Middleware } from "koa";
import type { ReadPlatformStats } from "../../../application/use-cases/platform/read-platform-stats.use-case";
import type { ScoreAddress } from "../../../application/use-cases/scoring/score-address.use-case";
import { platformScoreError } from "../failure-table";
import { arcScoreBody } from "../presenters/score-presenters";
import { sendError, sendJson } from "../respond";
import { addressParam } from "../validation";
import { infallible } from "../../../application/infallible";

export interface PlatformRouteDeps {
  readonly scoreAddress: ScoreAddress;
  readonly readPlatformStats: ReadPlatformStats;
  /** PLATFORM_API_KEYS bearer check for arc-score. */
  readonly platformAuth: Middleware;
  /** arc-score computes a score (ARC_SCORE_RATE_LIMIT_PER_MINUTE). */
  readonly arcScoreRateLimit: Middleware;
}

/**
 * Platform-only paths: not for integrators, no SLA. arc-score needs the platform credential (graph-trust,
 * which needs it too, has its own routes); stats and agent-status are public counters for the marketing site.
 */
export function platformRoutes(deps: PlatformRouteDeps): Router {
  const router = new Router();
  router.get("/api/stats", async (ctx) => sendJson(ctx, 200, await infallible(deps.readPlatformStats.execute())));
  router.get("/api/agent-status", async (ctx) =>
    sendJson(ctx, 200, { status: "operational", ...(await infallible(deps.readPlatformStats.execute())) }),
  );
  router.get("/api/arc-score/:address", deps.platformAuth, deps.arcScoreRateLimit, async (ctx) => {
    const address = addressParam(ctx.params);
    if (E.isLeft(address)) return sendError(ctx, address.left);
    const scored = await deps.scoreAddress.execute(address.right)();
    if (E.isLeft(scored)) return sendError(ctx, platformScoreError(scored.left));
    sendJson(ctx, 200, arcScoreBody(scored.right));
  });
  return router;
}
