import Router, { type RouterContext } from "@koa/router";
import * as E from "fp-ts/Either";
import type { Middleware } from "koa";
import type { OracleProduct, SellOracleScore } from "../../../application/use-cases/scoring/sell-oracle-score.use-case";
import { oracleWalletBody, tokenBody } from "../presenters/score-presenters";
import { oracleFailureError } from "../failure-table";
import { sendError, sendJson } from "../respond";
import { addressParam } from "../validation";

export interface OracleRouteDeps {
  readonly sellOracleScore: SellOracleScore;
  /** Before classification: an unpaid flood must not turn into RPC calls (ORACLE_RATE_LIMIT_PER_MINUTE). */
  readonly rateLimit: Middleware;
  /**
   * Absolute base for x402 `resource` (PUBLIC_BASE_URL, else the address we listen on): never the
   * request's Host header, which a client could set to anything.
   */
  readonly publicBaseUrl: () => string;
}

/** One oracle request: 402 without proof, 422 for a bad one, 502 if scoring fails (nothing settled), 200 with settlement headers. */
async function sell(ctx: RouterContext, deps: OracleRouteDeps, product: OracleProduct): Promise<void> {
  const address = addressParam(ctx.params);
  if (E.isLeft(address)) return sendError(ctx, address.left);
  const sale = await deps.sellOracleScore.execute({
    product,
    address: address.right,
    headers: ctx.headers,
    resource: `${deps.publicBaseUrl()}${ctx.path}`,
  })();
  if (E.isLeft(sale)) return sendError(ctx, oracleFailureError(sale.left, ctx.state.log));
  if (sale.right.pricing === "paid") ctx.set(sale.right.headers);
  const body =
    product === "wallet" ? oracleWalletBody(sale.right.scored) : tokenBody(sale.right.scored, sale.right.pricing);
  sendJson(ctx, 200, body);
}

/** The paid oracle: wallet scores and ERC-20 token scores behind an HTTP 402 (x402) challenge. */
export function oracleRoutes(deps: OracleRouteDeps): Router {
  const router = new Router();
  router.get("/api/oracle/token/:address", deps.rateLimit, (ctx) => sell(ctx, deps, "token"));
  router.get("/api/oracle/:address", deps.rateLimit, (ctx) => sell(ctx, deps, "wallet"));
  return router;
}
