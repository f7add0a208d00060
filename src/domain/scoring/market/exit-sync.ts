import type { Address } from "../../chain/address";
import { TOKEN } from "../thresholds";
import { denseClusters } from "./clusters";
import type { MarketAnalysis, Trade } from "./trades";

export interface ExitSync {
  readonly sells: readonly Trade[];
  readonly sellers: ReadonlySet<Address>;
  readonly from: number;
  readonly to: number;
}

/**
 * Share of its position a sell gave up. A seller whose earlier receipts were not seen (truncated
 * history) sold "everything we know of": counted as a full exit.
 */
export function positionShareSold(trade: Trade): number {
  if (trade.balanceBefore <= 0n || trade.amount >= trade.balanceBefore) return 1;
  return Number((trade.amount * 10_000n) / trade.balanceBefore) / 10_000;
}

/** Windows where many holders each sold most of their position. */
export function exitSyncs(analysis: MarketAnalysis): ExitSync[] {
  const exits = analysis.trades.filter((t) => t.kind === "sell" && positionShareSold(t) >= TOKEN.exitSyncPositionShare);
  return denseClusters(
    exits,
    (t) => t.timestamp,
    (t) => t.trader,
    TOKEN.exitSyncWindowSeconds,
    TOKEN.exitSyncMinSellers,
  ).map((sells) => ({
    sells,
    sellers: new Set(sells.map((s) => s.trader)),
    from: sells[0]!.timestamp,
    to: sells[sells.length - 1]!.timestamp,
  }));
}

/** One synchronized exit a trader took part in, with the trader's own sells inside it. */
export interface ExitSyncParticipation {
  readonly exit: ExitSync;
  /** The trader's sells in the window: the moments (timestamp, txHash) it exited with the others. */
  readonly sells: readonly Trade[];
}

/** The synchronized exits the trader was one of the sellers of (EXIT_SYNC_PARTICIPANT). */
export function exitSyncParticipation(analysis: MarketAnalysis, trader: Address): ExitSyncParticipation[] {
  return exitSyncs(analysis)
    .filter((exit) => exit.sellers.has(trader))
    .map((exit) => ({ exit, sells: exit.sells.filter((s) => s.trader === trader) }));
}
