import Router from "@koa/router";
import * as E from "fp-ts/Either";
import type { Middleware } from "koa";
import type { ListFlagDecisions } from "../../../application/use-cases/review/list-flag-decisions.use-case";
import type { RecordFlagDecision } from "../../../application/use-cases/review/record-flag-decision.use-case";
import { parseAddress } from "../../../domain/chain/address";
import { decodeFlagDecisionRequest } from "../../../domain/review/flag-decision";
import { apiError } from "../api-error";
import { sendError, sendJson } from "../respond";
import { bodyOf } from "../validation";

export interface FlagDecisionRouteDeps {
  readonly recordFlagDecision: RecordFlagDecision;
  readonly listFlagDecisions: ListFlagDecisions;
  /** Deciding is the operator's act (OPERATOR_API_KEYS); a platform key is refused. */
  readonly operatorAuth: Middleware;
}

/** POST /api/operator/flag-decisions and GET /api/operator/flag-decisions?address= (operator only). */
export function flagDecisionRoutes(deps: FlagDecisionRouteDeps): Router {
  const router = new Router();
  router.post("/api/operator/flag-decisions", deps.operatorAuth, async (ctx) => {
    const request = decodeFlagDecisionRequest(bodyOf(ctx));
    if (E.isLeft(request)) return sendError(ctx, apiError("invalid_request", { field: request.left.field }));
    const decision = await deps.recordFlagDecision.execute(request.right)();
    if (E.isLeft(decision)) {
      ctx.state.log.warn({ detail: decision.left.detail }, "flag decision store failed");
      return sendError(ctx, apiError("storage_unavailable"));
    }
    sendJson(ctx, 200, decision.right);
  });
  router.get("/api/operator/flag-decisions", deps.operatorAuth, async (ctx) => {
    const address = parseAddress(ctx.query.address);
    if (address === undefined) return sendError(ctx, apiError("invalid_request", { field: "address" }));
    const decisions = await deps.listFlagDecisions.execute(address)();
    if (E.isLeft(decisions)) {
      ctx.state.log.warn({ detail: decisions.left.detail }, "flag decision store failed");
      return sendError(ctx, apiError("storage_unavailable"));
    }
    sendJson(ctx, 200, decisions.right);
  });
  return router;
}
