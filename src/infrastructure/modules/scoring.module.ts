import * as E from "fp-ts/Either";
import type { Container, Newable } from "inversify";
import { EthCallCapabilityProber } from "../../adapters/chain/eth-call-capability-prober.adapter";
import { EthCallNftCapabilityProber } from "../../adapters/chain/eth-call-nft-capability-prober.adapter";
import { EthersSellSimulator } from "../../adapters/chain/sell-simulator.adapter";
import { ContractCapabilityProber } from "../../application/ports/contract-capability-prober.port";
import { NftCapabilityProber } from "../../application/ports/nft-capability-prober.port";
import type { ChainReader } from "../../application/ports/chain-reader.port";
import type { PriceSource } from "../../application/ports/price-source.port";
import { SellSimulator } from "../../application/ports/sell-simulator.port";
import {
  DEFAULT_SCORING_LIMITS,
  ScoringSettings,
  type QuoteToken,
} from "../../application/ports/scoring-settings.port";
import { StakingInputSource } from "../../application/ports/staking-input-source.port";
import { GatingScores } from "../../application/use-cases/gating/gating-scores.port";
import { ContractProfileAssembler } from "../../application/use-cases/scoring/contract-profile.assembler";
import { RelatedWalletScores } from "../../application/use-cases/scoring/related-wallet-scores";
import { NftProfileAssembler } from "../../application/use-cases/scoring/nft-profile.assembler";
import { ScoringStats } from "../../application/use-cases/scoring/scoring-stats";
import { GatingScoresFromScoring } from "../../application/bridges/gating-scores.bridge";
import { StakingInputFromStaking } from "../../application/bridges/staking-input.bridge";
import { SubjectScorer } from "../../application/use-cases/scoring/subject-scorer";
import { TokenMarketReader } from "../../application/market/token-market.reader";
import { TokenProfileAssembler } from "../../application/use-cases/scoring/token-profile.assembler";
import { WalletProfileAssembler } from "../../application/use-cases/scoring/wallet-profile.assembler";
import type { Config } from "../config/config";
import type { FeatureModule } from "../feature-module";
import { chainLinks } from "../../adapters/http/explorer/links";
import { oracleBrowserPages } from "../../adapters/http/explorer/oracle-pages";
import { batchRoutes } from "../../adapters/http/routes/batch.routes";
import { oracleRoutes } from "../../adapters/http/routes/oracle.routes";
import { snapshotRoutes } from "../../adapters/http/routes/snapshots.routes";
import { tokenShieldRoutes } from "../../adapters/http/routes/token-shield.routes";
import type { MarketSettings } from "../market-settings";
import { ScoreAddress } from "../../application/use-cases/scoring/score-address.use-case";
import { ClassifyAddress } from "../../application/use-cases/scoring/classify-address.use-case";
import { ListSnapshots } from "../../application/use-cases/scoring/list-snapshots.use-case";
import { GetSnapshot } from "../../application/use-cases/scoring/get-snapshot.use-case";
import { ScoreNftContract } from "../../application/use-cases/scoring/score-nft-contract.use-case";
import { OracleCheckoutFromPayment } from "../../application/bridges/oracle-checkout.bridge";
import { OracleCheckout } from "../../application/use-cases/scoring/oracle-checkout.port";
import { SellOracleScore } from "../../application/use-cases/scoring/sell-oracle-score.use-case";
import { ScoreBatch } from "../../application/use-cases/scoring/score-batch.use-case";

/**
 * Reads each quote token's decimals and dollar price once at start-up: the stablecoin (first
 * quote token) is $1; others are priced through their stablecoin pool, or left unpriced.
 */
export async function readQuoteTokens(
  chain: ChainReader,
  prices: PriceSource,
  market: MarketSettings,
): Promise<QuoteToken[]> {
  return Promise.all(
    market.quoteTokens.map(async (address, index) => {
      const metadata = await chain.tokenMetadata(address)();
      const decimals = E.isRight(metadata) && metadata.right.decimals !== null ? metadata.right.decimals : 18;
      if (index === 0) return { address, decimals, unitUsd: 1 };
      const price = await prices.usdValue(address, 10n ** BigInt(decimals))();
      return { address, decimals, unitUsd: E.isRight(price) ? price.right : null };
    }),
  );
}

export function bindScoring(
  container: Container,
  config: Config,
  market: MarketSettings,
  quotes: readonly QuoteToken[],
): void {
  // On Arc gas is paid in USDC; elsewhere the wrapped native quote token prices the native coin.
  const native = quotes.find((q) => q.decimals === 18 && q.address !== quotes[0]?.address);
  container.bind(ScoringSettings).toConstantValue({
    officialIssuers: market.officialIssuers,
    dexFactories: market.dexFactories,
    dexRouters: market.dexRouters,
    quoteTokens: quotes,
    nativeDecimals: 18,
    nativeUnitUsd: native?.unitUsd ?? 1,
    fundingLabels: {},
    stakingContracts: market.stakingContracts,
    wellKnownTokens: config.env.WELL_KNOWN_TOKENS,
    cacheTtlMs: config.env.SCORE_CACHE_TTL_SECONDS * 1000,
    cacheMaxEntries: 10_000,
    limits: DEFAULT_SCORING_LIMITS,
  });
  container.bind(SellSimulator).to(EthersSellSimulator);
  // One instance: it remembers each token's balance slot, as the sell simulator does.
  container.bind(ContractCapabilityProber).to(EthCallCapabilityProber).inSingletonScope();
  container.bind(NftCapabilityProber).to(EthCallNftCapabilityProber).inSingletonScope();
  container.bind(StakingInputSource).to(StakingInputFromStaking);
  container.bind(GatingScores).to(GatingScoresFromScoring);
  container.bind(OracleCheckout).to(OracleCheckoutFromPayment);
  container.bind(ScoringStats).toSelf();
  const parts: readonly Newable<object>[] = [
    TokenMarketReader,
    WalletProfileAssembler,
    RelatedWalletScores,
    TokenProfileAssembler,
    NftProfileAssembler,
    ContractProfileAssembler,
    SubjectScorer,
  ];
  for (const part of parts) container.bind(part).toSelf();
}

/** The scoring use cases, bound by the composition root and resolved by its smoke test. */
export const SCORING_USE_CASES: readonly Newable<object>[] = [
  ScoreAddress,
  ClassifyAddress,
  ListSnapshots,
  GetSnapshot,
  ScoreNftContract,
  SellOracleScore,
  ScoreBatch,
];

/** Scoring: the batch, the paid oracle (with its browser pages), Token Shield's NFT score and the snapshots. */
export const scoringModule: FeatureModule = {
  name: "scoring",
  useCases: SCORING_USE_CASES,
  bind: ({ container, runtime }) => bindScoring(container, runtime.config, runtime.market, runtime.quoteTokens),
  routes: ({ container, config, publicUrl, limited }) => {
    const env = config.env;
    const listSnapshots = container.get(ListSnapshots);
    return [
      batchRoutes({
        rateLimit: limited("batch", env.BATCH_RATE_LIMIT_PER_MINUTE),
        scoreBatch: container.get(ScoreBatch),
      }),
      oracleRoutes({
        sellOracleScore: container.get(SellOracleScore),
        publicBaseUrl: publicUrl,
        rateLimit: limited("oracle", env.ORACLE_RATE_LIMIT_PER_MINUTE),
        browser: oracleBrowserPages({ listSnapshots, links: chainLinks(env.EXPLORER_WEB_URL) }),
      }),
      tokenShieldRoutes({
        scoreNftContract: container.get(ScoreNftContract),
        rateLimit: limited("nft", env.NFT_RATE_LIMIT_PER_MINUTE),
      }),
      snapshotRoutes({ listSnapshots, getSnapshot: container.get(GetSnapshot) }),
    ];
  },
};
