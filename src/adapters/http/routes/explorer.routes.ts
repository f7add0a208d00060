import Router from "@koa/router";
import * as E from "fp-ts/Either";
import type { Context } from "koa";
import type { ListSnapshots } from "../../../application/use-cases/scoring/list-snapshots.use-case";
import type { ScoreAddress } from "../../../application/use-cases/scoring/score-address.use-case";
import { parseAddress, type Address } from "../../../domain/chain/address";
import { addressPage, homePage, statePage } from "../explorer/address-page";
import { addressView } from "../explorer/address-view";
import { sendPage } from "../explorer/layout";
import type { ChainLinks } from "../explorer/links";
import { admit, type RateLimitOptions } from "../middleware/rate-limit";
import type { RequestState } from "../middleware/request-id";

export interface ExplorerAssets {
  readonly css: string;
  readonly js: string;
}

export interface ExplorerRouteDeps {
  /** Scoring an address not in the cache costs RPC calls (EXPLORER_RATE_LIMIT_PER_MINUTE). */
  readonly rateLimit: RateLimitOptions;
  readonly scoreAddress: Pick<ScoreAddress, "cached" | "execute">;
  readonly listSnapshots: Pick<ListSnapshots, "execute">;
  readonly links: ChainLinks;
  readonly assets: ExplorerAssets;
}

const HISTORY_POINTS = 20;

async function addressAnswer(ctx: Context, deps: ExplorerRouteDeps, address: Address): Promise<void> {
  const cached = deps.scoreAddress.cached(address);
  if (cached === null && !(await admit(ctx, deps.rateLimit))) {
    const retry = Number(ctx.response.get("Retry-After")) || 60;
    return sendPage(ctx, 429, statePage("rate_limited", address, retry));
  }
  const scored = cached === null ? await deps.scoreAddress.execute(address)() : E.right(cached);
  if (E.isLeft(scored)) {
    (ctx.state as RequestState).log.warn({ cause: scored.left.cause.detail }, "explorer scoring failed");
    return sendPage(ctx, 503, statePage("unavailable", address));
  }
  // History is a nicety: a snapshot store that does not answer leaves the chart empty, not the page.
  const history = await deps.listSnapshots.execute(address, HISTORY_POINTS)();
  const view = addressView(scored.right, E.isRight(history) ? history.right : []);
  sendPage(ctx, 200, addressPage(view, deps.links));
}

/**
 * The address explorer for people: GET / (search), GET /address?q= (the search form, redirected to the
 * address's page), GET /address/{address} (server-rendered verdict; works without JavaScript), and its
 * stylesheet and script.
 */
export function explorerRoutes(deps: ExplorerRouteDeps): Router {
  const router = new Router();
  router.get("/", async (ctx) => sendPage(ctx, 200, homePage()));
  router.get("/address", async (ctx) => {
    const q = typeof ctx.query.q === "string" ? ctx.query.q.trim().slice(0, 200) : "";
    const address = parseAddress(q);
    if (address === undefined) return sendPage(ctx, 400, statePage("invalid_address", q || undefined));
    ctx.status = 303;
    ctx.redirect(`/address/${address}`);
  });
  router.get("/address/:address", async (ctx) => {
    const raw = (ctx.params.address ?? "").slice(0, 200);
    const address = parseAddress(raw);
    if (address === undefined) return sendPage(ctx, 400, statePage("invalid_address", raw));
    await addressAnswer(ctx, deps, address);
  });
  router.get("/explorer/explorer.css", async (ctx) => {
    ctx.type = "text/css; charset=utf-8";
    ctx.set("Cache-Control", "public, max-age=300");
    ctx.body = deps.assets.css;
  });
  router.get("/explorer/explorer.js", async (ctx) => {
    ctx.type = "application/javascript; charset=utf-8";
    ctx.set("Cache-Control", "public, max-age=300");
    ctx.body = deps.assets.js;
  });
  return router;
}
