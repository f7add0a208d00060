import type { Address } from "../chain/address";
import type { ChainTransaction, TokenHolding, TokenTransfer, TxHash } from "../chain/chain-types";
import { denseFirstBuyWindows } from "./market/coordinated-buy";
import { analyzeMarket } from "./market/trades";
import type { TokenMarket } from "./profiles/market";
import { purchasingHolders } from "./token/holder-quality";
import { firstFunding } from "./wallet/funding";

/**
 * Pure helpers that tell a profile assembler what else to fetch, so the rules for "which addresses
 * matter" live in the domain with the rules that use them.
 */

/** The first address that sent the wallet native value: whose transactions to read for FundingContext. */
export function funderOf(transactions: readonly ChainTransaction[], wallet: Address): Address | null {
  return firstFunding(transactions, wallet)?.from ?? null;
}

/** ERC-20 tokens the wallet received, most transfers first: candidates for `tradedTokens`. */
export function tradedTokensOf(transfers: readonly TokenTransfer[], wallet: Address): Address[] {
  const counts = new Map<Address, number>();
  for (const t of transfers) {
    if (t.standard === "ERC20" && t.to === wallet) counts.set(t.token, (counts.get(t.token) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([token]) => token);
}

export interface Deployment {
  readonly contract: Address;
  readonly txHash: TxHash;
  readonly timestamp: number;
}

/** Contracts the wallet created (successful creation transactions it sent). */
export function deploymentsOf(transactions: readonly ChainTransaction[], wallet: Address): Deployment[] {
  const out: Deployment[] = [];
  for (const tx of transactions) {
    if (tx.from === wallet && tx.success && tx.contractCreated !== undefined) {
      out.push({ contract: tx.contractCreated, txHash: tx.hash, timestamp: tx.timestamp });
    }
  }
  return out;
}

/** Buyers in dense first-buy windows: whose first funder to read for `buyerFunding`. */
export function coordinatedBuyCandidates(market: TokenMarket): Address[] {
  const analysis = analyzeMarket(market);
  return [...new Set(denseFirstBuyWindows(analysis).flatMap((w) => w.map((b) => b.trader)))];
}

/** Current holders that bought from a pool: whose wallet quality to assess for `holderQuality`. */
export function purchasingHoldersOf(market: TokenMarket, holders: readonly TokenHolding[]): Address[] {
  return purchasingHolders(analyzeMarket(market), holders);
}
