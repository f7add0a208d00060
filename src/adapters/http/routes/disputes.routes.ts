import Router from "@koa/router";
import * as E from "fp-ts/Either";
import type { Middleware } from "koa";
import type { DecideDispute } from "../../../application/use-cases/review/decide-dispute.use-case";
import type { FileDispute } from "../../../application/use-cases/review/file-dispute.use-case";
import type { GetDispute } from "../../../application/use-cases/review/get-dispute.use-case";
import type { ListDisputes } from "../../../application/use-cases/review/list-disputes.use-case";
import { parseAddress } from "../../../domain/chain/address";
import {
  decodeDisputeDecision,
  decodeDisputeRequest,
  parseDisputeId,
  publicDispute,
} from "../../../domain/review/dispute";
import { apiError } from "../api-error";
import { disputeFailureError } from "../failure-table";
import { sendError, sendJson } from "../respond";
import { bodyOf } from "../validation";

export interface DisputeRouteDeps {
  readonly fileDispute: FileDispute;
  readonly getDispute: GetDispute;
  readonly decideDispute: DecideDispute;
  readonly listDisputes: ListDisputes;
  /** Filing is stored and may read the chain (a signed dispute): DISPUTE_RATE_LIMIT_PER_MINUTE per client. */
  readonly rateLimit: Middleware;
  /** Reading a dispute is a keyed read, limited like the other public reads (DISPUTE_READ_RATE_LIMIT_PER_MINUTE). */
  readonly readRateLimit: Middleware;
  /** Deciding and the full queue are the operator's (OPERATOR_API_KEYS). */
  readonly operatorAuth: Middleware;
}

/**
 * POST /api/disputes (anyone, rate-limited), GET /api/disputes/{id} (public status), and the operator's
 * POST /api/operator/disputes/{id}/decision and GET /api/operator/disputes?address=.
 */
export function disputeRoutes(deps: DisputeRouteDeps): Router {
  const router = new Router();
  router.post("/api/disputes", deps.rateLimit, async (ctx) => {
    const request = decodeDisputeRequest(bodyOf(ctx));
    if (E.isLeft(request)) return sendError(ctx, apiError("invalid_request", { field: request.left.field }));
    const filed = await deps.fileDispute.execute(request.right)();
    if (E.isLeft(filed)) return sendError(ctx, disputeFailureError(filed.left, ctx.state.log));
    sendJson(ctx, 201, publicDispute(filed.right));
  });
  router.get("/api/disputes/:id", deps.readRateLimit, async (ctx) => {
    const id = parseDisputeId(ctx.params.id);
    if (id === undefined) return sendError(ctx, apiError("not_found"));
    const dispute = await deps.getDispute.execute(id)();
    if (E.isLeft(dispute)) return sendError(ctx, disputeFailureError(dispute.left, ctx.state.log));
    sendJson(ctx, 200, publicDispute(dispute.right));
  });
  router.post("/api/operator/disputes/:id/decision", deps.operatorAuth, async (ctx) => {
    const id = parseDisputeId(ctx.params.id);
    if (id === undefined) return sendError(ctx, apiError("not_found"));
    const decision = decodeDisputeDecision(bodyOf(ctx));
    if (E.isLeft(decision)) return sendError(ctx, apiError("invalid_request", { field: decision.left.field }));
    const decided = await deps.decideDispute.execute(id, decision.right)();
    if (E.isLeft(decided)) return sendError(ctx, disputeFailureError(decided.left, ctx.state.log));
    const { dispute, subscribersAlerted, alertFailure } = decided.right;
    if (alertFailure !== undefined)
      ctx.state.log.warn({ dispute: dispute.id, detail: alertFailure }, "score_changed alerts failed");
    sendJson(ctx, 200, { ...publicDispute(dispute), subscribersAlerted });
  });
  router.get("/api/operator/disputes", deps.operatorAuth, async (ctx) => {
    const address = parseAddress(ctx.query.address);
    if (address === undefined) return sendError(ctx, apiError("invalid_request", { field: "address" }));
    const disputes = await deps.listDisputes.execute(address)();
    if (E.isLeft(disputes)) {
      ctx.state.log.warn({ detail: disputes.left.detail }, "dispute store failed");
      return sendError(ctx, apiError("storage_unavailable"));
    }
    sendJson(ctx, 200, { address, disputes: disputes.right });
  });
  return router;
}
