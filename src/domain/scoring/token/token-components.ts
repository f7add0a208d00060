import { type ScoreComponent, component } from "../breakdown";
import { logScale, sqrtScale } from "../common/math";
import type { KnownWalletScore } from "../profiles/token-profile";
import type { HolderDistribution } from "./holder-distribution";
import type { LiquidityReading } from "./liquidity";

export interface TokenSignals {
  readonly distribution: HolderDistribution;
  readonly liquidity: LiquidityReading;
  readonly ageDays: number | null;
  readonly deployer: KnownWalletScore | null;
  readonly traders: number;
}

/** Liquidity points: $1M and more earns all; reserves without a known price earn a fixed middle value. */
function liquidityPoints(reading: LiquidityReading): number {
  if (!reading.hasLiquidity) return 0;
  if (reading.liquidityUsd === null) return 8;
  return reading.liquidityUsd <= 1 ? 0 : (20 * Math.log10(reading.liquidityUsd)) / 6;
}

/** The positive parts of a token score; they sum to at most 100. */
export function tokenComponents(s: TokenSignals): ScoreComponent[] {
  const d = s.distribution;
  const spread = d.holderCount === 0 ? 0 : (1 - d.top10Share) * 10 + (1 - d.hhi / 10_000) * 10;
  return [
    component(
      "holders",
      "holder count",
      d.holderCount,
      "holders",
      logScale(d.holderCount, 250, 20),
      20,
      "More independent holders",
    ),
    component(
      "distribution",
      "holder distribution",
      d.top10Share * 100,
      "% held by top 10",
      spread,
      20,
      "A wider spread of the supply",
    ),
    component(
      "liquidity",
      "liquidity",
      s.liquidity.liquidityUsd ?? 0,
      "USD",
      liquidityPoints(s.liquidity),
      20,
      "Deeper pool liquidity",
    ),
    component(
      "age",
      "contract age",
      s.ageDays ?? 0,
      "days",
      sqrtScale(s.ageDays ?? 0, 90, 15),
      15,
      "More time on chain without incident",
    ),
    component(
      "deployer",
      "deployer trust",
      s.deployer?.score ?? 0,
      "deployer score",
      s.deployer === null ? 5 : (s.deployer.score / 100) * 15,
      15,
      "A deployer with a stronger wallet record",
    ),
    component(
      "activity",
      "trading activity",
      s.traders,
      "traders",
      logScale(s.traders, 200, 10),
      10,
      "More independent traders",
    ),
  ];
}
