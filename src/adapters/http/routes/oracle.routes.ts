import Router from "@koa/router";
import * as E from "fp-ts/Either";
import { sendError, sendNotImplemented } from "../respond";
import { addressParam } from "../validation";

/** The paid oracle: wallet scores and ERC-20 token scores behind an HTTP 402 challenge. */
export function oracleRoutes(): Router {
  const router = new Router();
  router.get("/api/oracle/token/:address", async (ctx) => {
    const address = addressParam(ctx.params);
    if (E.isLeft(address)) return sendError(ctx, address.left);
    return sendNotImplemented(ctx);
  });
  router.get("/api/oracle/:address", async (ctx) => {
    const address = addressParam(ctx.params);
    if (E.isLeft(address)) return sendError(ctx, address.left);
    return sendNotImplemented(ctx);
  });
  return router;
}
