import type { Newable } from "inversify";
import { PaidFiguresFromPayment } from "../../application/bridges/paid-figures.bridge";
import { ScoringFiguresFromScoring } from "../../application/bridges/scoring-figures.bridge";
import { CheckReadiness } from "../../application/use-cases/health/check-readiness.use-case";
import { PaidFigures } from "../../application/use-cases/platform/paid-figures.port";
import { ReadPlatformStats } from "../../application/use-cases/platform/read-platform-stats.use-case";
import { ScoringFigures } from "../../application/use-cases/platform/scoring-figures.port";
import { ListSnapshots } from "../../application/use-cases/scoring/list-snapshots.use-case";
import { ScoreAddress } from "../../application/use-cases/scoring/score-address.use-case";
import { chainLinks } from "../../adapters/http/explorer/links";
import { platformAuth } from "../../adapters/http/middleware/bearer-key-auth";
import { devRoutes } from "../../adapters/http/routes/dev.routes";
import { docsRoutes } from "../../adapters/http/routes/docs.routes";
import { explorerRoutes } from "../../adapters/http/routes/explorer.routes";
import { healthRoutes } from "../../adapters/http/routes/health.routes";
import { platformRoutes } from "../../adapters/http/routes/platform.routes";
import { widgetEarlyRoute, widgetRoutes } from "../../adapters/http/routes/widget.routes";
import { loadDocsAssets, loadExplorerAssets } from "../explorer-assets";
import type { FeatureModule, RouteContext } from "../feature-module";

/** The health and platform use cases, bound by the composition root and resolved by its smoke test. */
export const PLATFORM_USE_CASES: readonly Newable<object>[] = [CheckReadiness, ReadPlatformStats];

/** The widget's options: one budget for its routed path and its early route. */
function widget({ container, config, budget }: RouteContext) {
  return {
    rateLimit: budget("widget", config.env.WIDGET_RATE_LIMIT_PER_MINUTE),
    scoreAddress: container.get(ScoreAddress),
  };
}

/**
 * What is no product area: health, the API reference, the explorer pages, the widget, the platform counters and
 * the dev world's roles (embedded mode). The shared state (rate limits, cache, write budgets, the pool) is the
 * container's core, bound before every module.
 */
export const platformModule: FeatureModule = {
  name: "platform",
  useCases: PLATFORM_USE_CASES,
  bind: ({ container }) => {
    // The platform counters read payment and scoring through their own ports.
    container.bind(PaidFigures).to(PaidFiguresFromPayment);
    container.bind(ScoringFigures).to(ScoringFiguresFromScoring);
  },
  routes: (context) => {
    const { container, config, publicUrl, budget, limited, scenario } = context;
    const env = config.env;
    return [
      healthRoutes({ checkReadiness: container.get(CheckReadiness) }),
      docsRoutes(publicUrl, loadDocsAssets()),
      explorerRoutes({
        rateLimit: budget("explorer", env.EXPLORER_RATE_LIMIT_PER_MINUTE),
        scoreAddress: container.get(ScoreAddress),
        listSnapshots: container.get(ListSnapshots),
        links: chainLinks(env.EXPLORER_WEB_URL),
        assets: loadExplorerAssets(),
      }),
      widgetRoutes(widget(context)),
      platformRoutes({
        scoreAddress: container.get(ScoreAddress),
        readPlatformStats: container.get(ReadPlatformStats),
        platformAuth: platformAuth(env.PLATFORM_API_KEYS),
        arcScoreRateLimit: limited("arc-score", env.ARC_SCORE_RATE_LIMIT_PER_MINUTE),
      }),
      ...(scenario === null ? [] : [devRoutes(scenario)]),
    ];
  },
  earlyRoutes: (context) => [widgetEarlyRoute(widget(context))],
};
