import Router from "@koa/router";
import * as E from "fp-ts/Either";
import type { Middleware } from "koa";
import type { ListWalletApprovals } from "../../../application/use-cases/scan/list-wallet-approvals.use-case";
import type { ScanMessage } from "../../../application/use-cases/scan/scan-message.use-case";
import type { ScanTransaction } from "../../../application/use-cases/scan/scan-transaction.use-case";
import type { ScanTypedData } from "../../../application/use-cases/scan/scan-typed-data.use-case";
import { decodeMessageScan, decodeTransactionScan, decodeTypedDataScan } from "../../../domain/scan/scan-requests";
import { scanFailureError } from "../failure-table";
import { sendError, sendJson } from "../respond";
import { addressParam, bodyOf } from "../validation";

export interface ScanRouteDeps {
  readonly scanTransaction: ScanTransaction;
  readonly scanTypedData: ScanTypedData;
  readonly scanMessage: ScanMessage;
  readonly listWalletApprovals: ListWalletApprovals;
  readonly chainId: number;
  /** Scans score their counterparties: SCAN_RATE_LIMIT_PER_MINUTE per client. */
  readonly rateLimit: Middleware;
}

/** Wallet protection (issue 31): transaction, typed-data and message scans, and a wallet's open approvals. Free. */
export function scanRoutes(deps: ScanRouteDeps): Router {
  const router = new Router();
  router.post("/api/scan/transaction", deps.rateLimit, async (ctx) => {
    const request = decodeTransactionScan(bodyOf(ctx), deps.chainId);
    if (E.isLeft(request)) return sendError(ctx, { code: request.left });
    const answer = await deps.scanTransaction.execute(request.right)();
    if (E.isLeft(answer)) return sendError(ctx, scanFailureError(answer.left, ctx.state.log));
    ctx.set("Cache-Control", "no-store");
    sendJson(ctx, 200, answer.right);
  });
  router.post("/api/scan/typed-data", deps.rateLimit, async (ctx) => {
    const request = decodeTypedDataScan(bodyOf(ctx));
    if (E.isLeft(request)) return sendError(ctx, { code: request.left });
    const answer = await deps.scanTypedData.execute(request.right)();
    if (E.isLeft(answer)) return sendError(ctx, scanFailureError(answer.left, ctx.state.log));
    ctx.set("Cache-Control", "no-store");
    sendJson(ctx, 200, answer.right);
  });
  router.post("/api/scan/message", deps.rateLimit, async (ctx) => {
    const request = decodeMessageScan(bodyOf(ctx));
    if (E.isLeft(request)) return sendError(ctx, { code: request.left });
    const answer = await deps.scanMessage.execute(request.right)();
    if (E.isLeft(answer)) return sendError(ctx, scanFailureError(answer.left, ctx.state.log));
    ctx.set("Cache-Control", "no-store");
    sendJson(ctx, 200, answer.right);
  });
  router.get("/api/wallet/:address/approvals", deps.rateLimit, async (ctx) => {
    const wallet = addressParam(ctx.params);
    if (E.isLeft(wallet)) return sendError(ctx, wallet.left);
    const answer = await deps.listWalletApprovals.execute(wallet.right)();
    if (E.isLeft(answer)) return sendError(ctx, scanFailureError(answer.left, ctx.state.log));
    ctx.set("Cache-Control", "no-store");
    sendJson(ctx, 200, answer.right);
  });
  return router;
}
