import Router from "@koa/router";
import * as E from "fp-ts/Either";
import { sendError, sendNotImplemented } from "../respond";
import { addressParam } from "../validation";

/** Platform-only paths: not for integrators, no SLA (SPEC.md "Platform-only paths"). */
export function platformRoutes(): Router {
  const router = new Router();
  router.post("/api/graph-trust", async (ctx) => sendNotImplemented(ctx));
  router.get("/api/stats", async (ctx) => sendNotImplemented(ctx));
  router.get("/api/agent-status", async (ctx) => sendNotImplemented(ctx));
  router.get("/api/arc-score/:address", async (ctx) => {
    const address = addressParam(ctx.params);
    if (E.isLeft(address)) return sendError(ctx, address.left);
    return sendNotImplemented(ctx);
  });
  return router;
}
