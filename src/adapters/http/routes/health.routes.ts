import Router from "@koa/router";
import type { CheckReadiness } from "../../../application/use-cases/health/check-readiness.use-case";
import { sendError } from "../respond";
import { infallible } from "../../../application/infallible";

export interface HealthRouteDeps {
  readonly checkReadiness: CheckReadiness;
}

/**
 * /healthz: the process answers. /readyz: `{status, checks}` per dependency; 200 when ready or
 * degraded (an optional dependency is down), 503 `not_ready` when a required one is.
 */
export function healthRoutes(deps: HealthRouteDeps): Router {
  const router = new Router();
  router.get("/healthz", async (ctx) => {
    ctx.body = { status: "ok" };
  });
  router.get("/readyz", async (ctx) => {
    const readiness = await infallible(deps.checkReadiness.execute());
    if (readiness.status === "not_ready")
      return sendError(ctx, { code: "not_ready", fields: { status: readiness.status, checks: readiness.checks } });
    ctx.body = readiness;
  });
  return router;
}
