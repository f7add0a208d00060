import Router from "@koa/router";
import type { CheckReadiness } from "../../../application/use-cases/health/check-readiness.use-case";
import { sendError } from "../respond";

export interface HealthRouteDeps {
  readonly checkReadiness: CheckReadiness;
}

/** /healthz: the process answers. /readyz: its dependencies answer too. */
export function healthRoutes(deps: HealthRouteDeps): Router {
  const router = new Router();
  router.get("/healthz", async (ctx) => {
    ctx.body = { status: "ok" };
  });
  router.get("/readyz", async (ctx) => {
    const readiness = await deps.checkReadiness.execute();
    if (!readiness.ready) return sendError(ctx, { code: "not_ready", fields: { checks: readiness.checks } });
    ctx.body = { status: "ready", checks: readiness.checks };
  });
  return router;
}
