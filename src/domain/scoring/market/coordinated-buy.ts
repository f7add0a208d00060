import type { Address } from "../../chain/address";
import type { BuyerFunding } from "../profiles/token-profile";
import { TOKEN } from "../thresholds";
import { denseClusters } from "./clusters";
import type { MarketAnalysis, Trade } from "./trades";

export interface CoordinatedBuy {
  readonly buys: readonly Trade[];
  readonly funder: Address;
  /** Buyers of the window first funded by `funder`. */
  readonly fundedBuyers: readonly Address[];
  /** Buyers of the window whose funder was known. */
  readonly buyersWithKnownFunding: number;
}

/** Windows of first-time buys dense enough to need a funding check (what the assembler should look up). */
export function denseFirstBuyWindows(analysis: MarketAnalysis): Trade[][] {
  const buys = [...analysis.firstTimeBuys].sort((a, b) => a.blockNumber - b.blockNumber);
  return denseClusters(
    buys,
    (b) => b.blockNumber,
    (b) => b.trader,
    TOKEN.coordinatedBuyWindowBlocks,
    TOKEN.coordinatedBuyMinBuyers,
  );
}

/** A dense window counts as coordinated when enough of its buyers share their first funder. */
export function coordinatedBuys(
  analysis: MarketAnalysis,
  funding: ReadonlyMap<Address, BuyerFunding>,
): CoordinatedBuy[] {
  const found: CoordinatedBuy[] = [];
  for (const window of denseFirstBuyWindows(analysis)) {
    const byFunder = new Map<Address, Address[]>();
    let known = 0;
    for (const buy of window) {
      const f = funding.get(buy.trader);
      if (f === undefined) continue;
      known++;
      const group = byFunder.get(f.funder);
      if (group === undefined) byFunder.set(f.funder, [buy.trader]);
      else group.push(buy.trader);
    }
    let best: [Address, Address[]] | null = null;
    for (const entry of byFunder) if (best === null || entry[1].length > best[1].length) best = entry;
    if (best === null) continue;
    const [funder, fundedBuyers] = best;
    const enough = fundedBuyers.length >= TOKEN.coordinatedBuySharedFunderMin;
    if (enough && fundedBuyers.length / known >= TOKEN.coordinatedBuySharedFunderShare) {
      found.push({ buys: window, funder, fundedBuyers, buyersWithKnownFunding: known });
    }
  }
  return found;
}
