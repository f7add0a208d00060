import type { Container, Newable } from "inversify";
import { SuiChain } from "../../application/ports/sui-chain.port";
import { SuiWriteJournal } from "../../application/ports/sui-write-journal.port";
import { SuiSettings } from "../../application/use-cases/sui/sui-settings";
import { ScoreSuiCoin } from "../../application/use-cases/sui/score-sui-coin.use-case";
import { ScoreSuiWallet } from "../../application/use-cases/sui/score-sui-wallet.use-case";
import { InMemorySuiWriteJournal } from "../../adapters/storage/in-memory-sui-write-journal.adapter";
import type { Config } from "../config/config";
import { suiOpenApiDocument } from "../../adapters/http/openapi/sui-openapi-document";
import { devRoutes } from "../../adapters/http/routes/dev.routes";
import { docsRoutes } from "../../adapters/http/routes/docs.routes";
import { suiCoinRoutes } from "../../adapters/http/routes/sui-coin.routes";
import { suiWalletRoutes } from "../../adapters/http/routes/sui-wallet.routes";
import { widgetAssetRoutes } from "../../adapters/http/routes/widget-assets.routes";
import { loadDocsAssets } from "../explorer-assets";
import type { FeatureModule } from "../feature-module";
import { loadWidgetAssets } from "../sui-assets";

/** The Sui app's use cases, bound by the composition root and resolved by its smoke test. */
export const SUI_USE_CASES: readonly Newable<object>[] = [ScoreSuiCoin, ScoreSuiWallet];

/** Binds the Sui side: the chain (embedded ledger or GraphQL, chosen by the caller), the journal, settings. */
export function bindSui(container: Container, config: Config, suiChain: SuiChain): void {
  container.bind(SuiChain).toConstantValue(suiChain);
  container.bind(SuiWriteJournal).to(InMemorySuiWriteJournal);
  container.bind(SuiSettings).toConstantValue({ verifiedCoins: new Set(config.env.SUI_VERIFIED_COINS) });
}

/** The Sui app (SPEC.md's second-chain app): its own routers on ALT_PORT, from the same container. */
export const suiModule: FeatureModule = {
  name: "sui",
  useCases: SUI_USE_CASES,
  bind: ({ container, runtime }) => bindSui(container, runtime.config, runtime.suiChain),
  altRoutes: ({ container, config, publicUrl, scenario, limited }) => [
    docsRoutes(publicUrl, loadDocsAssets(), (url) => suiOpenApiDocument(url, scenario !== null)),
    suiCoinRoutes({
      rateLimit: limited("sui-coin", config.env.COIN_RATE_LIMIT_PER_MINUTE),
      scoreSuiCoin: container.get(ScoreSuiCoin),
    }),
    suiWalletRoutes({
      rateLimit: limited("sui-wallet", config.env.SCORE_WALLET_RATE_LIMIT_PER_MINUTE),
      scoreSuiWallet: container.get(ScoreSuiWallet),
    }),
    widgetAssetRoutes(loadWidgetAssets()),
    ...(scenario === null ? [] : [devRoutes(scenario)]),
  ],
  // The badge fetches the coin score from any page.
  altOpenCorsPaths: ["/api/coin", "/widget.js"],
};
