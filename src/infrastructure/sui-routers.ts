import type Router from "@koa/router";
import type { Container } from "inversify";
import { RateLimiter } from "../application/ports/rate-limiter.port";
import { ScoreSuiCoin } from "../application/use-cases/sui/score-sui-coin.use-case";
import { ScoreSuiWallet } from "../application/use-cases/sui/score-sui-wallet.use-case";
import { rateLimit } from "../adapters/http/middleware/rate-limit";
import { suiOpenApiDocument } from "../adapters/http/openapi/sui-openapi-document";
import { devRoutes } from "../adapters/http/routes/dev.routes";
import { docsRoutes } from "../adapters/http/routes/docs.routes";
import { loadDocsAssets } from "./explorer-assets";
import { suiCoinRoutes } from "../adapters/http/routes/sui-coin.routes";
import { suiWalletRoutes } from "../adapters/http/routes/sui-wallet.routes";
import { widgetAssetRoutes, type WidgetAssets } from "../adapters/http/routes/widget-assets.routes";
import type { Config } from "./config/config";

const MINUTE_MS = 60_000;

/** Paths of the Sui app open to any browser origin: the badge fetches the coin score from any page. */
export const SUI_OPEN_CORS_PATHS: readonly string[] = ["/api/coin", "/widget.js"];

/** The Sui app: its own routers, on its own port, from the same container. */
export function composeSuiRouters(
  container: Container,
  config: Config,
  publicUrl: () => string,
  /** Embedded mode: the seeded Sui roles served at /api/dev/scenario; null otherwise. */
  scenario: unknown,
  assets: WidgetAssets,
): Router[] {
  const limiter = container.get<RateLimiter>(RateLimiter);
  const limited = (name: string, limit: number) =>
    rateLimit({ name, limiter, trustedProxies: config.trustedProxies, policy: { limit, windowMs: MINUTE_MS } });
  return [
    docsRoutes(publicUrl, loadDocsAssets(), (url) => suiOpenApiDocument(url, scenario !== null)),
    suiCoinRoutes({
      rateLimit: limited("sui-coin", config.env.COIN_RATE_LIMIT_PER_MINUTE),
      scoreSuiCoin: container.get(ScoreSuiCoin),
    }),
    suiWalletRoutes({
      rateLimit: limited("sui-wallet", config.env.SCORE_WALLET_RATE_LIMIT_PER_MINUTE),
      scoreSuiWallet: container.get(ScoreSuiWallet),
    }),
    widgetAssetRoutes(assets),
    ...(scenario === null ? [] : [devRoutes(scenario)]),
  ];
}
