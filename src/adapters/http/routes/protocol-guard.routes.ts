import Router from "@koa/router";
import { isAddressText } from "../../../domain/chain/address";
import { apiError, type ApiError } from "../api-error";
import { sendError, sendNotImplemented } from "../respond";
import { bodyOf, isRecord } from "../validation";

const isOptionalNumber = (v: unknown) => v === undefined || (typeof v === "number" && Number.isFinite(v));
const isOptionalString = (v: unknown) => v === undefined || typeof v === "string";

function checkInputError(body: unknown): ApiError | undefined {
  if (!isRecord(body) || !isAddressText(body.wallet)) return apiError("invalid_wallet");
  const { context, amount, economicReachUsd, subscriptionId } = body;
  if (!isOptionalString(context) || !isOptionalString(subscriptionId)) return apiError("invalid_request");
  if (!isOptionalNumber(amount) || !isOptionalNumber(economicReachUsd)) return apiError("invalid_request");
  return undefined;
}

function subscribeInputError(body: unknown): ApiError | undefined {
  if (!isRecord(body)) return apiError("invalid_request", { field: "body" });
  if (typeof body.protocolName !== "string" || body.protocolName.trim() === "") {
    return apiError("invalid_request", { field: "protocolName" });
  }
  if (!isRecord(body.channels)) return apiError("invalid_request", { field: "channels" });
  if (!Array.isArray(body.rules)) return apiError("invalid_request", { field: "rules" });
  return undefined;
}

/** Protocol Guard is backend-only: no CORS headers on any of these paths. */
export function protocolGuardRoutes(): Router {
  const router = new Router();
  router.post("/api/protocol-guard/check", async (ctx) => {
    const error = checkInputError(bodyOf(ctx));
    return error === undefined ? sendNotImplemented(ctx) : sendError(ctx, error);
  });
  router.post("/api/protocol-guard/subscribe", async (ctx) => {
    const error = subscribeInputError(bodyOf(ctx));
    return error === undefined ? sendNotImplemented(ctx) : sendError(ctx, error);
  });
  router.get("/api/protocol-guard/subscriptions", async (ctx) => sendNotImplemented(ctx));
  router.patch("/api/protocol-guard/subscriptions", async (ctx) => {
    if (!isRecord(bodyOf(ctx))) return sendError(ctx, apiError("invalid_request", { field: "body" }));
    return sendNotImplemented(ctx);
  });
  return router;
}
