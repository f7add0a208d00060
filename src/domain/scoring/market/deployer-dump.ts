import type { Address } from "../../chain/address";
import type { TxHash } from "../../chain/chain-types";
import { shareOf } from "../common/math";
import type { TokenMarket } from "../profiles/market";
import type { PoolLiquidityHistory } from "./liquidity-events";
import type { MarketAnalysis, Trade } from "./trades";

export interface Dump {
  readonly seller: Address;
  readonly sells: readonly Trade[];
  readonly sold: bigint;
  /** Peak holding minus what the seller put into pools as liquidity. */
  readonly base: bigint;
  readonly share: number;
}

/**
 * How much of its holding an insider sold into the pools (up to `until`, chain time). Liquidity it
 * provided is not "holding": a deployer that pairs 80% and sells the other 20% has dumped everything.
 */
export function insiderDump(market: TokenMarket, analysis: MarketAnalysis, seller: Address, until = Infinity): Dump {
  let provided = 0n;
  for (const t of market.transfers.items) {
    if (t.from === seller && analysis.pools.has(t.to) && analysis.liquidity.txHashes.has(t.txHash)) provided += t.value;
  }
  const sells = analysis.trades.filter((t) => t.kind === "sell" && t.trader === seller && t.timestamp <= until);
  const sold = sells.reduce((sum, t) => sum + t.amount, 0n);
  const peak = analysis.peakBalance.get(seller) ?? 0n;
  const base = peak > provided ? peak - provided : sold;
  return { seller, sells, sold, base, share: sold === 0n ? 0 : shareOf(sold, base > 0n ? base : sold) };
}

export interface LiquidityPull {
  readonly pool: Address;
  readonly remover: Address;
  readonly share: number;
  readonly txHashes: readonly TxHash[];
  readonly blocks: readonly number[];
}

/** Removals of at least `minShare` of all LP ever minted in a pool, by remover. */
export function liquidityPulls(pools: readonly PoolLiquidityHistory[], minShare: number): LiquidityPull[] {
  const pulls: LiquidityPull[] = [];
  for (const pool of pools) {
    for (const [remover, removal] of pool.removedBy) {
      const share = shareOf(removal.amount, pool.minted);
      if (share >= minShare) {
        pulls.push({ pool: pool.pool, remover, share, txHashes: removal.txHashes, blocks: removal.blocks });
      }
    }
  }
  return pulls;
}
