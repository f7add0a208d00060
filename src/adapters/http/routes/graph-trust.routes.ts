import Router from "@koa/router";
import * as E from "fp-ts/Either";
import type { Middleware } from "koa";
import type { GetSybilCluster } from "../../../application/use-cases/graph-trust/get-sybil-cluster.use-case";
import type { QueryGraphTrust } from "../../../application/use-cases/graph-trust/query-graph-trust.use-case";
import { decodeGraphTrustRequest } from "../../../domain/graph-trust/graph-trust-request";
import { graphClusterError, graphTrustError } from "../failure-table";
import { clusterBody, graphTrustBody } from "../presenters/graph-trust-presenters";
import { sendError, sendJson } from "../respond";
import { bodyOf } from "../validation";

/** A cluster id as the domain makes them; anything else cannot name a cluster. */
const CLUSTER_ID = /^sc_[0-9a-f]{16}$/;

export interface GraphTrustRouteDeps {
  readonly queryGraphTrust: QueryGraphTrust;
  readonly getSybilCluster: GetSybilCluster;
  /** PLATFORM_API_KEYS bearer check. */
  readonly platformAuth: Middleware;
  /** GRAPH_TRUST_RATE_LIMIT_PER_MINUTE, counted after the credential. */
  readonly rateLimit: Middleware;
}

/** Platform only: graph trust and sybil clusters computed from the transfer graph Credence indexes itself. */
export function graphTrustRoutes(deps: GraphTrustRouteDeps): Router {
  const router = new Router();
  router.post("/api/graph-trust", deps.platformAuth, deps.rateLimit, async (ctx) => {
    const request = decodeGraphTrustRequest(bodyOf(ctx));
    if (E.isLeft(request)) {
      const { code, ...fields } = request.left;
      return sendError(ctx, { code, fields });
    }
    const answer = await deps.queryGraphTrust.execute(request.right)();
    if (E.isLeft(answer)) return sendError(ctx, graphTrustError(answer.left));
    sendJson(ctx, 200, graphTrustBody(answer.right));
  });
  router.get("/api/graph-trust/cluster/:id", deps.platformAuth, deps.rateLimit, async (ctx) => {
    const id = ctx.params["id"] ?? "";
    if (!CLUSTER_ID.test(id)) return sendError(ctx, { code: "cluster_not_found" });
    const found = await deps.getSybilCluster.execute(id)();
    if (E.isLeft(found)) return sendError(ctx, graphClusterError(found.left));
    sendJson(ctx, 200, clusterBody(found.right));
  });
  return router;
}
