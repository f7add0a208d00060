import Router, { type RouterContext } from "@koa/router";
import * as E from "fp-ts/Either";
import type { Middleware } from "koa";
import type { PaidQuery } from "../../../application/use-cases/payment/paid-query.use-case";
import type { PaidQueryFailure } from "../../../application/use-cases/payment/paid-query.types";
import type { ClassifyAddress } from "../../../application/use-cases/scoring/classify-address.use-case";
import type { ScoreAddress } from "../../../application/use-cases/scoring/score-address.use-case";
import type { ScoredAddress, ScoringFailed } from "../../../application/use-cases/scoring/scored-address";
import type { Address } from "../../../domain/chain/address";
import { tokenOracleProduct, walletOracleServes } from "../../../domain/scoring/products";
import { oracleWalletBody, tokenBody } from "../presenters/score-presenters";
import { sendError, sendJson } from "../respond";
import { addressParam } from "../validation";

export interface OracleRouteDeps {
  readonly classifyAddress: ClassifyAddress;
  readonly scoreAddress: ScoreAddress;
  readonly paidQuery: PaidQuery;
  /** Before classification: an unpaid flood must not turn into RPC calls (ORACLE_RATE_LIMIT_PER_MINUTE). */
  readonly rateLimit: Middleware;
  /**
   * Absolute base for x402 `resource` (PUBLIC_BASE_URL, else the address we listen on): never the
   * request's Host header, which a client could set to anything.
   */
  readonly publicBaseUrl: () => string;
}

/** Sells one score: 402 without proof, 422 for a bad one, 502 if scoring fails (nothing settled), 200 with settlement headers. */
async function sellScore(
  ctx: RouterContext,
  deps: OracleRouteDeps,
  address: Address,
  present: (scored: ScoredAddress) => unknown,
): Promise<void> {
  const resource = `${deps.publicBaseUrl()}${ctx.path}`;
  const paid = await deps.paidQuery.execute({
    headers: ctx.headers,
    resource,
    compute: () => deps.scoreAddress.execute(address),
  })();
  if (E.isRight(paid)) {
    ctx.set(paid.right.headers);
    return sendJson(ctx, 200, present(paid.right.answer));
  }
  const failure: PaidQueryFailure<ScoringFailed> = paid.left;
  switch (failure._tag) {
    case "PaymentRequired": {
      const { error: _code, ...challenge } = failure.body;
      return sendError(ctx, { code: "payment_required", fields: challenge, headers: failure.headers });
    }
    case "InvalidPayment":
      return sendError(ctx, { code: "invalid_payment", fields: { reason: failure.reason } });
    case "ComputeFailed":
      ctx.state.log.warn({ cause: failure.cause.cause.detail }, "paid scoring failed; nothing settled");
      return sendError(ctx, { code: "oracle_unavailable" });
    case "UpstreamFailure":
      ctx.state.log.warn({ detail: failure.detail }, "payment upstream failed");
      return sendError(ctx, { code: "oracle_unavailable" });
    case "SettlementUnknown":
      // The money may have moved: say so, and that presenting the same payment again is safe.
      ctx.state.log.warn({ detail: failure.detail }, "settlement outcome unknown; key kept for a retry");
      return sendError(ctx, { code: "oracle_unavailable", fields: { settlement: "unknown", retrySafe: true } });
  }
}

/** The paid oracle: wallet scores and ERC-20 token scores behind an HTTP 402 (x402) challenge. */
export function oracleRoutes(deps: OracleRouteDeps): Router {
  const router = new Router();
  router.get("/api/oracle/token/:address", deps.rateLimit, async (ctx) => {
    const address = addressParam(ctx.params);
    if (E.isLeft(address)) return sendError(ctx, address.left);
    const classified = await deps.classifyAddress.execute(address.right)();
    if (E.isLeft(classified)) return sendError(ctx, { code: "oracle_unavailable" });
    const product = tokenOracleProduct(classified.right.kind, classified.right.officialIssuer);
    if (product === "not_a_token") {
      return sendError(ctx, { code: "wallet_not_token", fields: { redirect: `/api/oracle/${address.right}` } });
    }
    if (product === "paid") return sellScore(ctx, deps, address.right, (s) => tokenBody(s, "paid"));
    const scored = await deps.scoreAddress.execute(address.right)();
    if (E.isLeft(scored)) return sendError(ctx, { code: "oracle_unavailable" });
    sendJson(ctx, 200, tokenBody(scored.right, "free"));
  });
  router.get("/api/oracle/:address", deps.rateLimit, async (ctx) => {
    const address = addressParam(ctx.params);
    if (E.isLeft(address)) return sendError(ctx, address.left);
    // A contract is never charged, payment header or not: it is sent to the token product instead.
    const classified = await deps.classifyAddress.execute(address.right)();
    if (E.isLeft(classified)) return sendError(ctx, { code: "oracle_unavailable" });
    if (!walletOracleServes(classified.right.kind)) {
      return sendError(ctx, {
        code: "contract_not_wallet",
        fields: { code: "CONTRACT_NOT_WALLET", redirect: `/api/oracle/token/${address.right}` },
      });
    }
    return sellScore(ctx, deps, address.right, oracleWalletBody);
  });
  return router;
}
