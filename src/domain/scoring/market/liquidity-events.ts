import { type Address, ZERO_ADDRESS } from "../../chain/address";
import type { TxHash } from "../../chain/chain-types";
import type { PoolFacts } from "../profiles/market";

export interface LiquidityRemoval {
  readonly amount: bigint;
  readonly txHashes: TxHash[];
  readonly blocks: number[];
}

export interface PoolLiquidityHistory {
  readonly pool: Address;
  /** LP ever minted to real providers (the V2 MINIMUM_LIQUIDITY mint to the zero address excluded). */
  readonly minted: bigint;
  readonly removedBy: ReadonlyMap<Address, LiquidityRemoval>;
}

export interface LiquidityEvents {
  /** Transactions that added or removed liquidity: token moves in them are not trades. */
  readonly txHashes: ReadonlySet<TxHash>;
  readonly pools: readonly PoolLiquidityHistory[];
}

/**
 * Reads Uniswap V2 LP-token transfers: a mint (from 0x0) adds liquidity; a removal sends LP to the pair,
 * which burns it (pair -> 0x0) in the same transaction. The sender of that LP is the remover.
 */
function historyOf(pool: PoolFacts, txHashes: Set<TxHash>): PoolLiquidityHistory {
  const burnTxs = new Set<TxHash>();
  let minted = 0n;
  for (const t of pool.lpTransfers.items) {
    if (t.from === ZERO_ADDRESS) {
      txHashes.add(t.txHash);
      if (t.to !== ZERO_ADDRESS) minted += t.value;
    } else if (t.from === pool.pool && t.to === ZERO_ADDRESS) {
      txHashes.add(t.txHash);
      burnTxs.add(t.txHash);
    }
  }
  const removedBy = new Map<Address, LiquidityRemoval>();
  for (const t of pool.lpTransfers.items) {
    if (t.to !== pool.pool || !burnTxs.has(t.txHash)) continue;
    const entry = removedBy.get(t.from) ?? { amount: 0n, txHashes: [], blocks: [] };
    removedBy.set(t.from, {
      amount: entry.amount + t.value,
      txHashes: [...entry.txHashes, t.txHash],
      blocks: [...entry.blocks, t.blockNumber],
    });
  }
  return { pool: pool.pool, minted, removedBy };
}

export function liquidityEvents(pools: readonly PoolFacts[]): LiquidityEvents {
  const txHashes = new Set<TxHash>();
  return { txHashes, pools: pools.map((p) => historyOf(p, txHashes)) };
}
