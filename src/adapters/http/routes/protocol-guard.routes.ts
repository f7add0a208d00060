import Router, { type RouterContext } from "@koa/router";
import * as E from "fp-ts/Either";
import type { Middleware } from "koa";
import type { TaskEither } from "fp-ts/TaskEither";
import type { CheckWallet } from "../../../application/use-cases/protocol-guard/check-wallet.use-case";
import type { GuardFailure } from "../../../application/use-cases/protocol-guard/guard-failure";
import type { ListSubscriptions } from "../../../application/use-cases/protocol-guard/list-subscriptions.use-case";
import type { ReadSubscription } from "../../../application/use-cases/protocol-guard/read-subscription.use-case";
import type { Subscribe } from "../../../application/use-cases/protocol-guard/subscribe.use-case";
import type { UpdateSubscription } from "../../../application/use-cases/protocol-guard/update-subscription.use-case";
import type { GuardInputError } from "../../../domain/protocol-guard/guard-input-error";
import {
  decodeCheckRequest,
  decodeSubscribeRequest,
  decodeUpdateRequest,
} from "../../../domain/protocol-guard/guard-requests";
import { apiError, type ApiError } from "../api-error";
import { sendError, sendJson } from "../respond";
import { bodyOf } from "../validation";

export interface ProtocolGuardRouteDeps {
  readonly checkWallet: CheckWallet;
  /** check computes a score (GUARD_RATE_LIMIT_PER_MINUTE). */
  readonly checkRateLimit: Middleware;
  /** Subscriptions are stored: per-minute and per-day budgets per client. */
  readonly subscribeLimits: readonly Middleware[];
  readonly subscribe: Subscribe;
  readonly listSubscriptions: ListSubscriptions;
  readonly readSubscription: ReadSubscription;
  readonly updateSubscription: UpdateSubscription;
}

const inputError = (e: GuardInputError): ApiError =>
  apiError(e.code, e.field === undefined ? undefined : { field: e.field });

/** The one mapping of Protocol Guard failures; a store outage is ours (503, retry later), never the caller's. */
function failureError(failure: GuardFailure): ApiError {
  switch (failure.code) {
    case "registration_not_found":
    case "scoring_unavailable":
      return apiError(failure.code);
    case "unauthorized":
      return apiError("unauthorized", undefined, { "WWW-Authenticate": 'Bearer realm="protocol-guard"' });
    case "storage_failed":
      return apiError("storage_unavailable");
  }
}

async function answer<R>(ctx: RouterContext, task: TaskEither<GuardFailure, R>, okStatus: number): Promise<void> {
  const result = await task();
  if (E.isLeft(result)) {
    ctx.state.log.warn({ detail: result.left.detail }, result.left.code);
    return sendError(ctx, failureError(result.left));
  }
  sendJson(ctx, okStatus, result.right);
}

/** The manage token from `Authorization: Bearer`, else `?token=`, else the body's `token`. */
function manageTokenOf(ctx: RouterContext, bodyToken?: string): string | undefined {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get("Authorization"));
  if (bearer?.[1] !== undefined) return bearer[1];
  return typeof ctx.query.token === "string" ? ctx.query.token : bodyToken;
}

/** Protocol Guard is backend-only: no CORS headers on any of these paths. */
export function protocolGuardRoutes(deps: ProtocolGuardRouteDeps): Router {
  const router = new Router();
  router.post("/api/protocol-guard/check", deps.checkRateLimit, async (ctx) => {
    const command = decodeCheckRequest(bodyOf(ctx));
    if (E.isLeft(command)) return sendError(ctx, inputError(command.left));
    const token = manageTokenOf(ctx, command.right.token);
    return answer(ctx, deps.checkWallet.execute({ ...command.right, ...(token === undefined ? {} : { token }) }), 200);
  });
  router.post("/api/protocol-guard/subscribe", ...deps.subscribeLimits, async (ctx) => {
    const command = decodeSubscribeRequest(bodyOf(ctx));
    if (E.isLeft(command)) return sendError(ctx, inputError(command.left));
    return answer(ctx, deps.subscribe.execute(command.right), 201);
  });
  router.get("/api/protocol-guard/subscriptions", async (ctx) => {
    const id = ctx.query.id;
    if (id === undefined) return answer(ctx, deps.listSubscriptions.execute(), 200);
    if (typeof id !== "string") return sendError(ctx, apiError("invalid_request", { field: "id" }));
    const token = manageTokenOf(ctx);
    return answer(ctx, deps.readSubscription.execute({ id, ...(token === undefined ? {} : { token }) }), 200);
  });
  router.patch("/api/protocol-guard/subscriptions", async (ctx) => {
    const command = decodeUpdateRequest(bodyOf(ctx));
    if (E.isLeft(command)) return sendError(ctx, inputError(command.left));
    return answer(ctx, deps.updateSubscription.execute(command.right, manageTokenOf(ctx, command.right.token)), 200);
  });
  return router;
}
