import Router from "@koa/router";
import * as E from "fp-ts/Either";
import type { Middleware } from "koa";
import type { ScreenSanctions } from "../../../application/use-cases/sanctions/screen-sanctions.use-case";
import { sendError, sendJson } from "../respond";
import { addressParam } from "../validation";

export interface SanctionsRouteDeps {
  readonly screenSanctions: ScreenSanctions;
  /** One eth_call per request (SANCTIONS_RATE_LIMIT_PER_MINUTE). */
  readonly rateLimit: Middleware;
}

/** `GET /api/sanctions/{address}`: free; the lists in use, whether the address is on one, and USDC's blacklist. */
export function sanctionsRoutes(deps: SanctionsRouteDeps): Router {
  const router = new Router();
  router.get("/api/sanctions/:address", deps.rateLimit, async (ctx) => {
    const address = addressParam(ctx.params);
    if (E.isLeft(address)) return sendError(ctx, address.left);
    const answer = await deps.screenSanctions.execute(address.right)();
    if (E.isLeft(answer)) return sendError(ctx, { code: "internal_error" });
    const { screening, flags, lists } = answer.right;
    sendJson(ctx, 200, {
      address: screening.address,
      sanctioned: screening.sanctioned !== null,
      match: screening.sanctioned,
      usdcBlacklisted: screening.usdcBlacklisted,
      usdc: screening.usdc,
      flags: flags.map((f) => ({ code: f.code, severity: f.severity, evidence: f.evidence })),
      lists,
    });
  });
  return router;
}
