import Router from "@koa/router";
import * as E from "fp-ts/Either";
import type { Middleware } from "koa";
import type { DescribeRegistry } from "../../../application/use-cases/registry/describe-registry.use-case";
import type { PublishScores } from "../../../application/use-cases/registry/publish-scores.use-case";
import { decodeBatchRequest } from "../../../domain/scoring/batch-request";
import { publishFailureError, registryError } from "../failure-table";
import { sendError, sendJson } from "../respond";
import { bodyOf } from "../validation";

export interface RegistryRouteDeps {
  readonly describeRegistry: DescribeRegistry;
  readonly publishScores: PublishScores;
  /** PLATFORM_API_KEYS bearer check: publishing spends the oracle key's gas. */
  readonly platformAuth: Middleware;
  /** Publishing scores every address (REGISTRY_PUBLISH_RATE_LIMIT_PER_MINUTE). */
  readonly rateLimit: Middleware;
}

/** The on-chain ScoreRegistry (issue 33 item 5): where it is, and writing scores to it. */
export function registryRoutes(deps: RegistryRouteDeps): Router {
  const router = new Router();
  router.get("/api/registry", async (ctx) => {
    const info = await deps.describeRegistry.execute()();
    if (E.isLeft(info)) return sendError(ctx, registryError(info.left));
    sendJson(ctx, 200, info.right);
  });
  router.post("/api/registry/publish", deps.platformAuth, deps.rateLimit, async (ctx) => {
    const request = decodeBatchRequest(bodyOf(ctx));
    if (E.isLeft(request)) {
      const { code, ...fields } = request.left;
      return sendError(ctx, { code, fields });
    }
    const outcome = await deps.publishScores.execute(request.right)();
    if (E.isLeft(outcome)) return sendError(ctx, publishFailureError(outcome.left, ctx.state.log));
    sendJson(ctx, 200, outcome.right);
  });
  return router;
}
