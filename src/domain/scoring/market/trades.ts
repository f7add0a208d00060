import type { Address } from "../../chain/address";
import type { TokenTransfer, TxHash } from "../../chain/chain-types";
import type { TokenMarket } from "../profiles/market";
import { type LiquidityEvents, liquidityEvents } from "./liquidity-events";
import { isBurnAddress, privilegedAddresses } from "./privileged";

export interface Trade {
  readonly kind: "buy" | "sell";
  readonly trader: Address;
  readonly pool: Address;
  readonly amount: bigint;
  /** The trader's balance just before this trade, as replayed from the transfers seen. */
  readonly balanceBefore: bigint;
  readonly txHash: TxHash;
  readonly blockNumber: number;
  readonly timestamp: number;
}

export interface MarketAnalysis {
  readonly trades: readonly Trade[];
  /** Each trader's first buy, when the first time it ever received the token was that buy. */
  readonly firstTimeBuys: readonly Trade[];
  readonly peakBalance: ReadonlyMap<Address, bigint>;
  readonly liquidity: LiquidityEvents;
  readonly pools: ReadonlySet<Address>;
  /** Deployer, owner, pools, the token itself and burn addresses. */
  readonly privileged: ReadonlySet<Address>;
}

function inOrder(items: readonly TokenTransfer[]): readonly TokenTransfer[] {
  const before = (a: TokenTransfer, b: TokenTransfer): number =>
    a.blockNumber - b.blockNumber || a.logIndex - b.logIndex;
  for (let i = 1; i < items.length; i++) {
    if (before(items[i - 1]!, items[i]!) > 0) return [...items].sort(before);
  }
  return items;
}

/**
 * Replays a token's transfers once: balances, peaks, buys (pool -> trader) and sells (trader -> pool),
 * leaving out the liquidity's own moves: every pool payout in a transaction that added or removed liquidity, and the
 * moves into the pool by its providers or the token itself. A holder's sell that made the token add liquidity on its
 * own (swap-and-liquify) stays a sell. Linear in the number of transfers.
 */
export function analyzeMarket(market: TokenMarket): MarketAnalysis {
  const liquidity = liquidityEvents(market.pools);
  const pools = new Set(market.pools.map((p) => p.pool));
  const balances = new Map<Address, bigint>();
  const peakBalance = new Map<Address, bigint>();
  const received = new Set<Address>();
  const trades: Trade[] = [];
  const firstTimeBuys: Trade[] = [];
  for (const t of inOrder(market.transfers.items)) {
    const fromBefore = balances.get(t.from) ?? 0n;
    const isLiquidity = liquidity.txHashes.has(t.txHash);
    const providesLiquidity =
      isLiquidity && (t.from === market.token || liquidity.providers.get(t.txHash)?.has(t.from) === true);
    if (!isLiquidity && pools.has(t.from) && !pools.has(t.to) && !isBurnAddress(t.to)) {
      const trade = tradeOf("buy", t.to, t.from, t, balances.get(t.to) ?? 0n);
      trades.push(trade);
      if (!received.has(t.to)) firstTimeBuys.push(trade);
    } else if (!providesLiquidity && pools.has(t.to) && !pools.has(t.from) && !isBurnAddress(t.from)) {
      trades.push(tradeOf("sell", t.from, t.to, t, fromBefore));
    }
    received.add(t.to);
    if (!isBurnAddress(t.from)) balances.set(t.from, fromBefore - t.value);
    const toAfter = (balances.get(t.to) ?? 0n) + t.value;
    balances.set(t.to, toAfter);
    if (toAfter > (peakBalance.get(t.to) ?? 0n)) peakBalance.set(t.to, toAfter);
  }
  const privileged = privilegedAddresses(market);
  return { trades, firstTimeBuys, peakBalance, liquidity, pools, privileged };
}

function tradeOf(kind: Trade["kind"], trader: Address, pool: Address, t: TokenTransfer, balanceBefore: bigint): Trade {
  return {
    kind,
    trader,
    pool,
    amount: t.value,
    balanceBefore,
    txHash: t.txHash,
    blockNumber: t.blockNumber,
    timestamp: t.timestamp,
  };
}
