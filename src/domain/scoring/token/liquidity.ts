import { type Flag, raiseFlag, sample } from "../flag";
import { round2, toUnits } from "../common/math";
import type { PoolFacts } from "../profiles/market";
import { TOKEN } from "../thresholds";

export interface LiquidityReading {
  /** Some pool has both reserves non-zero. */
  readonly hasLiquidity: boolean;
  /** Both sides valued at twice the priced quote reserves; null when no quote price is known. */
  readonly liquidityUsd: number | null;
}

export function readLiquidity(pools: readonly PoolFacts[]): LiquidityReading {
  let hasLiquidity = false;
  let usd: number | null = null;
  for (const p of pools) {
    if (p.tokenReserve <= 0n || p.quoteReserve <= 0n) continue;
    hasLiquidity = true;
    if (p.quoteUnitUsd !== null) usd = (usd ?? 0) + 2 * toUnits(p.quoteReserve, p.quoteDecimals) * p.quoteUnitUsd;
  }
  return { hasLiquidity, liquidityUsd: usd === null ? null : round2(usd) };
}

export function liquidityFlags(pools: readonly PoolFacts[], reading: LiquidityReading): Flag[] {
  if (!reading.hasLiquidity) {
    const detail =
      pools.length === 0 ? "No pool was found for the token." : `All ${pools.length} pool(s) have empty reserves.`;
    return [
      raiseFlag("NO_LIQUIDITY", {
        detail,
        counterparties: sample(pools.map((p) => p.pool)),
        figures: { pools: pools.length },
      }),
    ];
  }
  if (reading.liquidityUsd !== null && reading.liquidityUsd < TOKEN.lowLiquidityUsd) {
    return [
      raiseFlag("LOW_LIQUIDITY", {
        detail: `Pools hold about $${reading.liquidityUsd} of liquidity.`,
        counterparties: sample(pools.map((p) => p.pool)),
        figures: { liquidityUsd: reading.liquidityUsd },
      }),
    ];
  }
  return [];
}
