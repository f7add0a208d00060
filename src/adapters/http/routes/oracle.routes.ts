import Router, { type RouterContext } from "@koa/router";
import * as E from "fp-ts/Either";
import type { Middleware } from "koa";
import type { OracleProduct, SellOracleScore } from "../../../application/use-cases/scoring/sell-oracle-score.use-case";
import type { OracleBrowserPages } from "../explorer/oracle-pages";
import { isWebBrowser } from "../explorer/paywall-page";
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
  /** A person in a browser (x402's convention) gets pages: the paywall, then the bought answer. */
  readonly browser?: OracleBrowserPages;
}

/** One oracle request: 402 without proof, 422 for a bad one, 502 if scoring fails (nothing settled), 200 with settlement headers. */
async function sell(ctx: RouterContext, deps: OracleRouteDeps, product: OracleProduct): Promise<void> {
  const address = addressParam(ctx.params);
  if (E.isLeft(address)) return sendError(ctx, address.left);
  const resource = `${deps.publicBaseUrl()}${ctx.path}`;
  const sale = await deps.sellOracleScore.execute({
    product,
    address: address.right,
    headers: ctx.headers,
    resource,
  })();
  const browser = deps.browser !== undefined && isWebBrowser(ctx) ? deps.browser : undefined;
  if (E.isLeft(sale)) {
    const error = oracleFailureError(sale.left, ctx.state.log);
    return browser === undefined ? sendError(ctx, error) : browser.refusal(ctx, error, address.right, resource);
  }
  if (sale.right.pricing === "paid") ctx.set(sale.right.headers);
  if (browser !== undefined) return browser.answer(ctx, sale.right.scored, sale.right.pricing === "paid");
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
