import type { Address } from "../../chain/address";
import type { Shortfall } from "../common/confidence";
import { round2 } from "../common/math";
import { type Flag, distinctSample, raiseFlag, sample } from "../flag";
import { coordinatedBuys, denseFirstBuyWindows } from "../market/coordinated-buy";
import { insiderDump, liquidityPulls } from "../market/deployer-dump";
import { exitSyncs, positionShareSold } from "../market/exit-sync";
import { liveOwner } from "../market/privileged";
import type { MarketAnalysis } from "../market/trades";
import type { TokenMarket } from "../profiles/market";
import type { BuyerFunding } from "../profiles/token-profile";
import { TOKEN } from "../thresholds";

export interface MarketFindings {
  readonly flags: readonly Flag[];
  readonly shortfalls: readonly Shortfall[];
}

function insidersOf(market: TokenMarket): Set<Address> {
  return new Set([market.deployer, liveOwner(market.owner)].filter((a): a is Address => a !== null));
}

function coordinatedBuyFlags(
  analysis: MarketAnalysis,
  funding: ReadonlyMap<Address, BuyerFunding> | null,
): MarketFindings {
  const windows = denseFirstBuyWindows(analysis);
  if (windows.length === 0) return { flags: [], shortfalls: [] };
  if (funding === null) {
    const limitation = `${windows.length} dense window(s) of first-time buys were found but the buyers' funding was not read; COORDINATED_BUY could not be checked.`;
    return { flags: [], shortfalls: [{ cost: 10, limitation }] };
  }
  const flags = coordinatedBuys(analysis, funding).map((c) => {
    const blocks = [c.buys[0]!.blockNumber, c.buys[c.buys.length - 1]!.blockNumber];
    return raiseFlag("COORDINATED_BUY", {
      detail: `${c.buys.length} first-time buyers in blocks ${blocks[0]}-${blocks[1]}; ${c.fundedBuyers.length} of ${c.buyersWithKnownFunding} with known funding were first funded by ${c.funder}.`,
      txHashes: sample(c.buys.map((b) => b.txHash)),
      holders: sample(c.fundedBuyers),
      counterparties: [c.funder],
      blocks,
      figures: { buyers: c.buys.length, sharedFunder: c.fundedBuyers.length },
    });
  });
  return { flags, shortfalls: [] };
}

function exitFlags(market: TokenMarket, analysis: MarketAnalysis): Flag[] {
  const insiders = insidersOf(market);
  const flags: Flag[] = [];
  for (const exit of exitSyncs(analysis)) {
    const blocks = [exit.sells[0]!.blockNumber, exit.sells[exit.sells.length - 1]!.blockNumber];
    const txHashes = sample(exit.sells.map((s) => s.txHash));
    flags.push(
      raiseFlag("EXIT_SYNC", {
        detail: `${exit.sellers.size} holders each sold at least ${TOKEN.exitSyncPositionShare * 100}% of their position within ${Math.round((exit.to - exit.from) / 60)} minutes (blocks ${blocks[0]}-${blocks[1]}).`,
        txHashes,
        holders: sample(exit.sellers),
        blocks,
        figures: { sellers: exit.sellers.size },
      }),
    );
    const insiderSells = exit.sells.filter(
      (s) => insiders.has(s.trader) && positionShareSold(s) >= TOKEN.exitSyncPositionShare,
    );
    if (insiderSells.length > 0) {
      flags.push(
        raiseFlag("COORDINATED_EXIT", {
          detail: `The deployer/owner sold most of its position inside the exit window of blocks ${blocks[0]}-${blocks[1]}.`,
          txHashes: sample(insiderSells.map((s) => s.txHash)),
          counterparties: distinctSample(insiderSells.map((s) => s.trader)),
          blocks,
        }),
      );
    }
  }
  return flags;
}

function liquidityAndDumpFlags(market: TokenMarket, analysis: MarketAnalysis): Flag[] {
  const insiders = insidersOf(market);
  const flags: Flag[] = [];
  for (const pull of liquidityPulls(analysis.liquidity.pools, TOKEN.rugLiquidityShare)) {
    const byInsider = insiders.has(pull.remover);
    flags.push(
      raiseFlag(byInsider ? "RUG_PULL" : "LIQUIDITY_REMOVED", {
        detail: `${byInsider ? "The deployer/owner" : "An outside address"} ${pull.remover} removed ${Math.round(pull.share * 100)}% of the liquidity ever added to pool ${pull.pool}.`,
        txHashes: sample(pull.txHashes),
        counterparties: [pull.remover, pull.pool],
        blocks: sample(pull.blocks),
        figures: { removedShare: round2(pull.share) },
      }),
    );
  }
  if (market.deployer !== null) {
    const dump = insiderDump(market, analysis, market.deployer);
    if (dump.share >= TOKEN.deployerDumpShare) {
      flags.push(
        raiseFlag("DEPLOYER_DUMPED", {
          detail: `The deployer sold ${Math.round(Math.min(1, dump.share) * 100)}% of its holding (liquidity it provided excluded) in ${dump.sells.length} sell(s).`,
          txHashes: sample(dump.sells.map((s) => s.txHash)),
          counterparties: [market.deployer],
          blocks: sample(dump.sells.map((s) => s.blockNumber)),
          figures: { soldShare: round2(Math.min(1, dump.share)) },
        }),
      );
    }
  }
  return flags;
}

/** Flags read from the token's own trading history: buys, sells and liquidity moves. */
export function marketFindings(
  market: TokenMarket,
  analysis: MarketAnalysis,
  funding: ReadonlyMap<Address, BuyerFunding> | null,
): MarketFindings {
  const coordinated = coordinatedBuyFlags(analysis, funding);
  return {
    flags: [...coordinated.flags, ...exitFlags(market, analysis), ...liquidityAndDumpFlags(market, analysis)],
    shortfalls: coordinated.shortfalls,
  };
}
