import Router from "@koa/router";
import * as E from "fp-ts/Either";
import type { Middleware } from "koa";
import type { ListFeedback } from "../../../application/use-cases/feedback/list-feedback.use-case";
import type { SubmitFeedback } from "../../../application/use-cases/feedback/submit-feedback.use-case";
import { parseAddress } from "../../../domain/chain/address";
import { decodeFeedbackRequest } from "../../../domain/feedback/feedback";
import { apiError } from "../api-error";
import { sendError, sendJson } from "../respond";
import { bodyOf, intQuery } from "../validation";

export interface FeedbackRouteDeps {
  readonly submitFeedback: SubmitFeedback;
  readonly listFeedback: ListFeedback;
  /** Feedback is stored: FEEDBACK_RATE_LIMIT_PER_MINUTE per client. */
  readonly rateLimit: Middleware;
  /** Reading the queue is the operator's (OPERATOR_API_KEYS). */
  readonly operatorAuth: Middleware;
}

/** POST /api/feedback (anyone, rate-limited) and GET /api/feedback (operator only). */
export function feedbackRoutes(deps: FeedbackRouteDeps): Router {
  const router = new Router();
  router.post("/api/feedback", deps.rateLimit, async (ctx) => {
    const request = decodeFeedbackRequest(bodyOf(ctx));
    if (E.isLeft(request)) return sendError(ctx, apiError("invalid_request", { field: request.left.field }));
    const receipt = await deps.submitFeedback.execute(request.right)();
    if (E.isLeft(receipt)) {
      ctx.state.log.warn({ detail: receipt.left.detail }, "feedback store failed");
      return sendError(ctx, apiError("storage_unavailable"));
    }
    sendJson(ctx, 201, receipt.right);
  });
  router.get("/api/feedback", deps.operatorAuth, async (ctx) => {
    const address = ctx.query.address === undefined ? undefined : parseAddress(ctx.query.address);
    if (ctx.query.address !== undefined && address === undefined)
      return sendError(ctx, apiError("invalid_request", { field: "address" }));
    const page = await deps.listFeedback.execute(intQuery(ctx.query.limit), intQuery(ctx.query.offset), address)();
    if (E.isLeft(page)) {
      ctx.state.log.warn({ detail: page.left.detail }, "feedback store failed");
      return sendError(ctx, apiError("storage_unavailable"));
    }
    sendJson(ctx, 200, page.right);
  });
  return router;
}
