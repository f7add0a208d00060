import Router from "@koa/router";
import * as E from "fp-ts/Either";
import type { Middleware } from "koa";
import type { CheckRisk } from "../../../application/use-cases/risk-check/check-risk.use-case";
import type { DescribeRiskCheck } from "../../../application/use-cases/risk-check/describe-risk-check.use-case";
import { decodeRiskCheckRequest } from "../../../domain/risk-check/risk-check";
import { JWKS_PATH, RISK_CHECK_PATH } from "../../../domain/risk-check/risk-check-discovery";
import { sendError, sendJson } from "../respond";
import { bodyOf } from "../validation";

export interface RiskCheckRouteDeps {
  readonly checkRisk: CheckRisk;
  readonly describeRiskCheck: DescribeRiskCheck;
  /** The check computes a score: RISK_CHECK_RATE_LIMIT_PER_MINUTE per client. */
  readonly rateLimit: Middleware;
  /** PUBLIC_BASE_URL or the listening address: the provider's identity, never the request's Host. */
  readonly publicBaseUrl: () => string;
}

/** The x402 risk-check provider: discovery, its JWK set, and the signed check (free, rate-limited). */
export function riskCheckRoutes(deps: RiskCheckRouteDeps): Router {
  const router = new Router();
  router.get("/.well-known/risk-check.json", (ctx) => {
    sendJson(ctx, 200, deps.describeRiskCheck.execute(deps.publicBaseUrl()).discovery);
  });
  router.get(JWKS_PATH, (ctx) => {
    ctx.set("Cache-Control", "public, max-age=300");
    // application/json (every JSON body of this API is; JOSE libraries read it as a JWK set).
    sendJson(ctx, 200, deps.describeRiskCheck.execute(deps.publicBaseUrl()).jwks);
  });
  router.post(RISK_CHECK_PATH, deps.rateLimit, async (ctx) => {
    const command = decodeRiskCheckRequest(bodyOf(ctx));
    if (E.isLeft(command)) return sendError(ctx, { code: command.left });
    const result = await deps.checkRisk.execute(command.right, deps.publicBaseUrl())();
    if (E.isLeft(result)) {
      ctx.state.log.warn({ detail: result.left.detail }, "risk check failed");
      return sendError(ctx, { code: "scoring_unavailable" });
    }
    ctx.set("Cache-Control", "no-store");
    sendJson(ctx, 200, result.right);
  });
  return router;
}
