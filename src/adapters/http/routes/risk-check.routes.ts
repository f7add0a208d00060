import Router from "@koa/router";
import * as E from "fp-ts/Either";
import type { Middleware } from "koa";
import type { CheckPayee } from "../../../application/use-cases/risk-check/check-payee.use-case";
import type { CheckRiskBatch } from "../../../application/use-cases/risk-check/check-risk-batch.use-case";
import type { CheckRisk } from "../../../application/use-cases/risk-check/check-risk.use-case";
import type { DescribeRiskCheck } from "../../../application/use-cases/risk-check/describe-risk-check.use-case";
import { decodeRiskCheckBatch, decodeRiskCheckRequest } from "../../../domain/risk-check/risk-check";
import { decodePayeeRequest } from "../../../domain/risk-check/payee-check";
import {
  JWKS_PATH,
  PAYEE_CHECK_PATH,
  RISK_CHECK_BATCH_PATH,
  RISK_CHECK_PATH,
} from "../../../domain/risk-check/risk-check-discovery";
import { payeeCheckError } from "../failure-table";
import { sendError, sendJson } from "../respond";
import { bodyOf } from "../validation";
import { infallible } from "../../../application/infallible";

export interface RiskCheckRouteDeps {
  readonly checkRisk: CheckRisk;
  readonly checkRiskBatch: CheckRiskBatch;
  readonly checkPayee: CheckPayee;
  readonly describeRiskCheck: DescribeRiskCheck;
  /** The check computes a score: RISK_CHECK_RATE_LIMIT_PER_MINUTE per client. */
  readonly rateLimit: Middleware;
  /** A batch computes up to 100: BATCH_RATE_LIMIT_PER_MINUTE per client, its own budget. */
  readonly batchRateLimit: Middleware;
  /** The chain a `transaction` must name (as POST /api/scan/transaction requires). */
  readonly chainId: number;
  /** PUBLIC_BASE_URL or the listening address: the provider's identity, never the request's Host. */
  readonly publicBaseUrl: () => string;
}

/** What a facilitator returns when the provider cannot answer and the check was required (the extension's words). */
const UNAVAILABLE = { invalidReason: "risk-check-unavailable" } as const;

/** The x402 risk-check provider: discovery, its JWK set, the signed check and its batch (free, rate-limited). */
export function riskCheckRoutes(deps: RiskCheckRouteDeps): Router {
  const router = new Router();
  router.get("/.well-known/risk-check.json", async (ctx) => {
    sendJson(ctx, 200, (await infallible(deps.describeRiskCheck.execute(deps.publicBaseUrl()))).discovery);
  });
  router.get(JWKS_PATH, async (ctx) => {
    ctx.set("Cache-Control", "public, max-age=300");
    // application/json (every JSON body of this API is; JOSE libraries read it as a JWK set).
    sendJson(ctx, 200, (await infallible(deps.describeRiskCheck.execute(deps.publicBaseUrl()))).jwks);
  });
  router.post(RISK_CHECK_PATH, deps.rateLimit, async (ctx) => {
    const command = decodeRiskCheckRequest(bodyOf(ctx), deps.chainId);
    if (E.isLeft(command)) return sendError(ctx, { code: command.left });
    const result = await deps.checkRisk.execute(command.right, deps.publicBaseUrl())();
    if (E.isLeft(result)) {
      ctx.state.log.warn({ detail: result.left.detail }, "risk check failed");
      return sendError(ctx, { code: "scoring_unavailable", fields: UNAVAILABLE });
    }
    ctx.set("Cache-Control", "no-store");
    sendJson(ctx, 200, result.right);
  });
  router.post(RISK_CHECK_BATCH_PATH, deps.batchRateLimit, async (ctx) => {
    const commands = decodeRiskCheckBatch(bodyOf(ctx));
    if (E.isLeft(commands)) {
      const { code, ...fields } = commands.left;
      return sendError(ctx, { code, fields });
    }
    const results = await deps.checkRiskBatch.execute(commands.right, deps.publicBaseUrl())();
    if (E.isLeft(results)) {
      ctx.state.log.warn({ detail: results.left.detail }, "risk check batch failed");
      return sendError(ctx, { code: "scoring_unavailable", fields: UNAVAILABLE });
    }
    ctx.set("Cache-Control", "no-store");
    sendJson(ctx, 200, { results: results.right });
  });
  router.post(PAYEE_CHECK_PATH, deps.rateLimit, async (ctx) => {
    const request = decodePayeeRequest(bodyOf(ctx));
    if (E.isLeft(request)) return sendError(ctx, { code: request.left });
    const result = await deps.checkPayee.execute(request.right.resource, deps.publicBaseUrl())();
    if (E.isLeft(result)) {
      if (result.left._tag !== "ResourceRefused") ctx.state.log.warn({ failure: result.left }, "payee check failed");
      return sendError(ctx, payeeCheckError(result.left));
    }
    ctx.set("Cache-Control", "no-store");
    sendJson(ctx, 200, result.right);
  });
  return router;
}
