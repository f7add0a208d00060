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
  /** Transactions that added or removed liquidity. */
  readonly txHashes: ReadonlySet<TxHash>;
  /**
   * Who added or removed it in each of them: the LP mint's recipients and the LP burn's senders. Their token moves
   * into the pool are the liquidity, not trades; another holder's move in the same transaction still is one (a
   * sell that made the token add liquidity itself, swap-and-liquify).
   */
  readonly providers: ReadonlyMap<TxHash, ReadonlySet<Address>>;
  readonly pools: readonly PoolLiquidityHistory[];
}

/**
 * Reads Uniswap V2 LP-token transfers: a mint (from 0x0) adds liquidity; a removal sends LP to the pair,
 * which burns it (pair -> 0x0) in the same transaction. The sender of that LP is the remover.
 */
function historyOf(pool: PoolFacts, txHashes: Set<TxHash>, providers: Map<TxHash, Set<Address>>): PoolLiquidityHistory {
  const burnTxs = new Set<TxHash>();
  const provided = (txHash: TxHash, who: Address): void => {
    const known = providers.get(txHash) ?? new Set<Address>();
    known.add(who);
    providers.set(txHash, known);
  };
  let minted = 0n;
  for (const t of pool.lpTransfers.items) {
    if (t.from === ZERO_ADDRESS) {
      txHashes.add(t.txHash);
      if (t.to !== ZERO_ADDRESS) {
        minted += t.value;
        provided(t.txHash, t.to);
      }
    } else if (t.from === pool.pool && t.to === ZERO_ADDRESS) {
      txHashes.add(t.txHash);
      burnTxs.add(t.txHash);
    }
  }
  const removedBy = new Map<Address, LiquidityRemoval>();
  for (const t of pool.lpTransfers.items) {
    if (t.to !== pool.pool || !burnTxs.has(t.txHash)) continue;
    provided(t.txHash, t.from);
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
  const providers = new Map<TxHash, Set<Address>>();
  return { txHashes, providers, pools: pools.map((p) => historyOf(p, txHashes, providers)) };
}
