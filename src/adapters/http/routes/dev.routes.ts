import Router from "@koa/router";

/** GET /api/dev/scenario: the seeded world's roles and contracts. Registered in embedded mode only. */
export function devRoutes(manifest: unknown): Router {
  const router = new Router();
  router.get("/api/dev/scenario", async (ctx) => {
    ctx.body = manifest;
  });
  return router;
}
