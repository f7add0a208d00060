import type { Container, Newable } from "inversify";
import { ConfiguredPriceSource } from "../../adapters/price/configured-price-source.adapter";
import { UniswapV2PoolPriceSource } from "../../adapters/price/uniswap-v2-pool-price-source.adapter";
import { InMemoryStakingLeaderboardStore } from "../../adapters/staking/in-memory-staking-leaderboard-store.adapter";
import { PostgresStakingLeaderboardStore } from "../../adapters/staking/postgres-staking-leaderboard-store.adapter";
import type pg from "pg";
import type { ChainReader } from "../../application/ports/chain-reader.port";
import { PriceSource } from "../../application/ports/price-source.port";
import { StakingAgeResets } from "../../application/ports/staking-age-resets.port";
import { StakingLeaderboardStore } from "../../application/ports/staking-leaderboard-store.port";
import { StakingTargetTrust } from "../../application/ports/staking-target-trust.port";
import { SnapshotStakingTargetTrust } from "../../application/use-cases/scoring/snapshot-staking-target-trust";
import { HistoryStakeAgeResets } from "../../application/use-cases/staking/history-stake-age-resets";
import { stakingSettings, StakingSettings } from "../../application/use-cases/staking/staking-settings";
import type { MarketSettings } from "../market-settings";
import { AnalyzeStaking } from "../../application/use-cases/staking/analyze-staking.use-case";
import { GetStakingLeaderboard } from "../../application/use-cases/staking/get-staking-leaderboard.use-case";
import { IndexStakingBlocks } from "../../application/use-cases/staking/index-staking-blocks.use-case";
import { stakingRoutes } from "../../adapters/http/routes/staking.routes";
import { StakingIndexWorker } from "../../adapters/workers/staking-index.worker";
import type { FeatureModule } from "../feature-module";

/** Arc's native coin is USDC, so one native unit is a dollar (18 decimals at the native level). */
const NATIVE_PRICE = { usd: 1, decimals: 18 };

/** Dollar values: configured prices first, then (with a DEX) what selling into the stablecoin pool returns. */
export function priceSourceFor(chainReader: ChainReader, market: MarketSettings): PriceSource {
  const configured = new ConfiguredPriceSource({ native: NATIVE_PRICE });
  const stablecoin = market.quoteTokens[0];
  const factory = market.dexFactories[0];
  return factory !== undefined && stablecoin !== undefined
    ? new UniswapV2PoolPriceSource(chainReader, { factory, quoteToken: stablecoin }, configured)
    : configured;
}

export function bindStaking(
  container: Container,
  priceSource: PriceSource,
  market: MarketSettings,
  embedded: boolean,
  pool: pg.Pool | null,
): void {
  container.bind(StakingSettings).toConstantValue(
    stakingSettings({
      stakingContracts: market.stakingContracts,
      // A remote node would be asked for logs from genesis otherwise.
      eventLookbackBlocks: embedded ? null : 50_000,
    }),
  );
  container.bind(PriceSource).toConstantValue(priceSource);
  container.bind(StakingTargetTrust).to(SnapshotStakingTargetTrust);
  container.bind(StakingAgeResets).to(HistoryStakeAgeResets);
  // One shared instance: the indexer writes it, the leaderboard route reads it. With DATABASE_URL its
  // input is durable and shared: a restart resumes from the last recorded block.
  container
    .bind(StakingLeaderboardStore)
    .toConstantValue(pool === null ? new InMemoryStakingLeaderboardStore() : new PostgresStakingLeaderboardStore(pool));
}

/** The staking use cases, bound by the composition root and resolved by its smoke test. */
export const STAKING_USE_CASES: readonly Newable<object>[] = [
  AnalyzeStaking,
  GetStakingLeaderboard,
  IndexStakingBlocks,
];

/** Staking: the analysis and leaderboard routes; the staking index, caught up before the service answers. */
export const stakingModule: FeatureModule = {
  name: "staking",
  useCases: STAKING_USE_CASES,
  bind: ({ container, runtime, database }) =>
    bindStaking(container, runtime.priceSource, runtime.market, runtime.config.chainMode === "embedded", database),
  routes: ({ container, config, limited }) => [
    stakingRoutes({
      analyzeStaking: container.get(AnalyzeStaking),
      getLeaderboard: container.get(GetStakingLeaderboard),
      rateLimit: limited("staking", config.env.STAKING_RATE_LIMIT_PER_MINUTE),
    }),
  ],
  workers: ({ container, chain, logger }) => [
    new StakingIndexWorker(
      container.get(IndexStakingBlocks),
      chain.blockStream,
      () => chain.localIndex?.syncedTo,
      logger,
    ),
  ],
};
