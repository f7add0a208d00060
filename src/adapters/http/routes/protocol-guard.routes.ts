import Router, { type RouterContext } from "@koa/router";
import * as E from "fp-ts/Either";
import type { Middleware } from "koa";
import type { TaskEither } from "fp-ts/TaskEither";
import type { CheckWallet } from "../../../application/use-cases/protocol-guard/check-wallet.use-case";
import type { GuardFailure } from "../../../application/use-cases/protocol-guard/guard-failure";
import type { ImportOzMonitors } from "../../../application/use-cases/protocol-guard/import-oz-monitors.use-case";
import type { ListDeliveries } from "../../../application/use-cases/protocol-guard/list-deliveries.use-case";
import type { ReadSubscription } from "../../../application/use-cases/protocol-guard/read-subscription.use-case";
import type { ReadWebhookKeys } from "../../../application/use-cases/protocol-guard/read-webhook-keys.use-case";
import type { ReplayAlert } from "../../../application/use-cases/protocol-guard/replay-alert.use-case";
import type { Subscribe } from "../../../application/use-cases/protocol-guard/subscribe.use-case";
import type { UpdateSubscription } from "../../../application/use-cases/protocol-guard/update-subscription.use-case";
import type { GuardInputError } from "../../../domain/protocol-guard/guard-input-error";
import {
  decodeCheckRequest,
  decodeSubscribeRequest,
  decodeUpdateRequest,
} from "../../../domain/protocol-guard/guard-requests";
import { planOzImport } from "../../../domain/protocol-guard/oz-monitor-import";
import type { SignatureParser } from "../../../domain/protocol-guard/watched-contracts";
import { apiError, type ApiError } from "../api-error";
import { sendError, sendJson } from "../respond";
import { bodyOf } from "../validation";
import { infallible } from "../../../application/infallible";

export interface ProtocolGuardRouteDeps {
  readonly checkWallet: CheckWallet;
  /** check computes a score (GUARD_RATE_LIMIT_PER_MINUTE). */
  readonly checkRateLimit: Middleware;
  /** Subscriptions are stored: per-minute and per-day budgets per client. */
  readonly subscribeLimits: readonly Middleware[];
  readonly subscribe: Subscribe;
  /** OpenZeppelin Monitor files -> subscriptions; shares the subscribe budgets. */
  readonly importOzMonitors: ImportOzMonitors;
  /** The chain this service follows: only networks with this chain_id are imported. */
  readonly chainId: number;
  readonly readSubscription: ReadSubscription;
  readonly updateSubscription: UpdateSubscription;
  readonly listDeliveries: ListDeliveries;
  readonly replayAlert: ReplayAlert;
  readonly readWebhookKeys: ReadWebhookKeys;
  /** Parses watched event and function signatures (an ABI library's parser). */
  readonly parseSignature: SignatureParser;
}

const inputError = (e: GuardInputError): ApiError =>
  apiError(e.code, e.field === undefined ? undefined : { field: e.field });

const GUARD_CHALLENGE = { "WWW-Authenticate": 'Bearer realm="protocol-guard"' };

/** The one mapping of Protocol Guard failures; a store outage is ours (503, retry later), never the caller's. */
function failureError(failure: GuardFailure): ApiError {
  switch (failure.code) {
    case "registration_not_found":
    case "scoring_unavailable":
    case "subscription_cancelled":
      return apiError(failure.code);
    case "alert_not_found":
      return apiError("not_found");
    case "unauthorized":
      return apiError("unauthorized", undefined, GUARD_CHALLENGE);
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

const withToken = (token: string | undefined) => (token === undefined ? {} : { token });

/** Protocol Guard is backend-only: no CORS headers on any of these paths. */
export function protocolGuardRoutes(deps: ProtocolGuardRouteDeps): Router {
  const router = new Router();
  router.post("/api/protocol-guard/check", deps.checkRateLimit, async (ctx) => {
    const command = decodeCheckRequest(bodyOf(ctx));
    if (E.isLeft(command)) return sendError(ctx, inputError(command.left));
    const token = manageTokenOf(ctx, command.right.token);
    return answer(ctx, deps.checkWallet.execute({ ...command.right, ...withToken(token) }), 200);
  });
  router.post("/api/protocol-guard/subscribe", ...deps.subscribeLimits, async (ctx) => {
    const command = decodeSubscribeRequest(bodyOf(ctx), deps.parseSignature);
    if (E.isLeft(command)) return sendError(ctx, inputError(command.left));
    return answer(ctx, deps.subscribe.execute(command.right), 201);
  });
  router.post("/api/protocol-guard/import", ...deps.subscribeLimits, async (ctx) => {
    const plan = planOzImport(bodyOf(ctx), deps.chainId, deps.parseSignature);
    if (E.isLeft(plan)) return sendError(ctx, inputError(plan.left));
    return answer(ctx, deps.importOzMonitors.execute(plan.right), 201);
  });
  router.get("/api/protocol-guard/subscriptions", async (ctx) => {
    const id = ctx.query.id;
    const token = manageTokenOf(ctx);
    // There is no list (it showed every customer's registration to anyone): a caller reads its own, by id and token.
    if (id === undefined && token === undefined)
      return sendError(ctx, apiError("manage_token_required", undefined, GUARD_CHALLENGE));
    if (typeof id !== "string") return sendError(ctx, apiError("invalid_request", { field: "id" }));
    return answer(ctx, deps.readSubscription.execute({ id, ...withToken(token) }), 200);
  });
  router.patch("/api/protocol-guard/subscriptions", async (ctx) => {
    const command = decodeUpdateRequest(bodyOf(ctx), deps.parseSignature);
    if (E.isLeft(command)) return sendError(ctx, inputError(command.left));
    return answer(ctx, deps.updateSubscription.execute(command.right, manageTokenOf(ctx, command.right.token)), 200);
  });
  router.get("/api/protocol-guard/subscriptions/:id/deliveries", async (ctx) => {
    const id = ctx.params.id ?? "";
    return answer(ctx, deps.listDeliveries.execute({ id, ...withToken(manageTokenOf(ctx)) }), 200);
  });
  router.post("/api/protocol-guard/subscriptions/:id/alerts/:alertId/replay", async (ctx) => {
    const [id, alertId] = [ctx.params.id ?? "", ctx.params.alertId ?? ""];
    const body = bodyOf(ctx);
    const bodyToken =
      typeof body === "object" && body !== null && typeof (body as { token?: unknown }).token === "string"
        ? (body as { token: string }).token
        : undefined;
    return answer(ctx, deps.replayAlert.execute({ id, alertId, ...withToken(manageTokenOf(ctx, bodyToken)) }), 202);
  });
  router.get("/.well-known/credence-webhooks.json", async (ctx) => {
    ctx.set("Cache-Control", "public, max-age=300");
    sendJson(ctx, 200, await infallible(deps.readWebhookKeys.execute()));
  });
  return router;
}
