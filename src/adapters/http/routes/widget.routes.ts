import Router from "@koa/router";
import * as E from "fp-ts/Either";
import type { Context, Middleware } from "koa";
import type { ScoreAddress } from "../../../application/use-cases/scoring/score-address.use-case";
import type { ScoredAddress } from "../../../application/use-cases/scoring/scored-address";
import { parseAddress, type Address } from "../../../domain/chain/address";
import { widgetBody } from "../presenters/score-presenters";
import { scoringFailureError } from "../failure-table";
import { admit, type RateLimitOptions } from "../middleware/rate-limit";
import { setOpenCorsHeaders } from "../middleware/open-cors";
import { sendError, sendJson, sendJsonText } from "../respond";
import { addressParam } from "../validation";
import type { RequestState } from "../middleware/request-id";

export interface WidgetRouteDeps {
  readonly rateLimit: RateLimitOptions;
  readonly scoreAddress: Pick<ScoreAddress, "cached" | "execute" | "withDecisions">;
}

const PATH_PREFIX = "/api/widget/score/";

/** A cached answer's widget body, written once: the same answer object is served until it expires. */
const rendered = new WeakMap<ScoredAddress, string>();

function sendCached(ctx: Context, scored: ScoredAddress): void {
  let body = rendered.get(scored);
  if (body === undefined) rendered.set(scored, (body = JSON.stringify(widgetBody(scored))));
  sendJsonText(ctx, 200, body);
}

/** The widget's answer for a well-formed address: the cached one if fresh, else scored now. */
async function answer(ctx: Context, deps: WidgetRouteDeps, address: Address): Promise<void> {
  const cached = deps.scoreAddress.cached(address);
  if (cached !== null) {
    // Decisions are read on every answer: an upheld dispute shows at once, even on an answer cached before it.
    const decided = await deps.scoreAddress.withDecisions(cached);
    return decided === cached ? sendCached(ctx, cached) : sendJson(ctx, 200, widgetBody(decided));
  }
  const scored = await deps.scoreAddress.execute(address)();
  if (E.isLeft(scored)) {
    (ctx.state as RequestState).log.warn({ cause: scored.left.cause.detail }, "widget scoring failed");
    return sendError(ctx, scoringFailureError(scored.left));
  }
  sendJson(ctx, 200, widgetBody(scored.right));
}

/** GET /api/widget/score/{address}: public embed, open CORS, 8 requests a minute per IP by default. */
export function widgetRoutes(deps: WidgetRouteDeps): Router {
  const router = new Router();
  router.get("/api/widget/score/:address", async (ctx) => {
    if (!(await admit(ctx, deps.rateLimit))) return;
    const address = addressParam(ctx.params);
    if (E.isLeft(address)) return sendError(ctx, address.left);
    await answer(ctx, deps, address.right);
  });
  return router;
}

/**
 * The widget route answered ahead of the body parser and the router, for a GET whose path holds a well-formed
 * address: it is the busiest public route, and a cached answer should cost little more than writing it. It
 * gives what the layers it skips would have given (open CORS, `Cache-Control: no-store`) and spends the same
 * rate budget; anything else (HEAD, a malformed address, other methods) goes on to `widgetRoutes`.
 */
export function widgetEarlyRoute(deps: WidgetRouteDeps): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== "GET" || !ctx.path.startsWith(PATH_PREFIX)) return next();
    const address = parseAddress(ctx.path.slice(PATH_PREFIX.length));
    if (address === undefined) return next();
    setOpenCorsHeaders(ctx);
    ctx.set("Cache-Control", "no-store");
    if (await admit(ctx, deps.rateLimit)) await answer(ctx, deps, address);
  };
}
