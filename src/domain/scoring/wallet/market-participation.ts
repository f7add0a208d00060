import type { Address } from "../../chain/address";
import type { TxHash } from "../../chain/chain-types";
import { type Flag, distinctSample, raiseFlag, sample } from "../flag";
import { coordinatedBuys } from "../market/coordinated-buy";
import { exitSyncParticipation } from "../market/exit-sync";
import { analyzeMarket } from "../market/trades";
import type { BuyerFunding } from "../profiles/token-profile";
import type { TradedTokenContext } from "../profiles/wallet-profile";

/**
 * EXIT_SYNC_PARTICIPANT and COORDINATED_BUY_PARTICIPANT: the token-level detectors run on each traded
 * token's market, and the wallet is flagged when it is one of the actors. `knownFunding` adds what the
 * wallet's own funder's history shows (every address it funded), so a shared funder is visible even
 * when the assembler read no other buyer's funding.
 */
export function participationFlags(
  self: Address,
  traded: readonly TradedTokenContext[],
  knownFunding: ReadonlyMap<Address, BuyerFunding>,
): Flag[] {
  const exitTokens: Address[] = [];
  const exitTxs: TxHash[] = [];
  const exitPeers = new Set<Address>();
  const buyTokens: Address[] = [];
  const buyTxs: TxHash[] = [];
  const funders = new Set<Address>();
  for (const context of traded) {
    const analysis = analyzeMarket(context.market);
    for (const { exit, sells } of exitSyncParticipation(analysis, self)) {
      exitTokens.push(context.market.token);
      for (const s of sells) exitTxs.push(s.txHash);
      for (const peer of exit.sellers) if (peer !== self) exitPeers.add(peer);
    }
    const funding = context.buyerFunding === null ? knownFunding : new Map([...knownFunding, ...context.buyerFunding]);
    for (const c of coordinatedBuys(analysis, funding)) {
      const mine = c.buys.find((b) => b.trader === self);
      if (mine === undefined) continue;
      buyTokens.push(context.market.token);
      buyTxs.push(mine.txHash);
      funders.add(c.funder);
    }
  }
  const flags: Flag[] = [];
  if (exitTokens.length > 0) {
    flags.push(
      raiseFlag("EXIT_SYNC_PARTICIPANT", {
        detail: `Sold together with ${exitPeers.size} other holder(s) in a synchronized exit of ${exitTokens.length} token(s).`,
        tokens: distinctSample(exitTokens),
        txHashes: sample(exitTxs),
        counterparties: sample(exitPeers),
        figures: { exits: exitTokens.length, coSellers: exitPeers.size },
      }),
    );
  }
  if (buyTokens.length > 0) {
    flags.push(
      raiseFlag("COORDINATED_BUY_PARTICIPANT", {
        detail: `First-time buyer in a coordinated buy window of ${buyTokens.length} token(s), with buyers funded by ${[...funders].join(", ")}.`,
        tokens: distinctSample(buyTokens),
        txHashes: sample(buyTxs),
        counterparties: sample(funders),
        figures: { coordinatedBuys: buyTokens.length },
      }),
    );
  }
  return flags;
}
