import type { Address } from "../../chain/address";
import type { ChainTransaction } from "../../chain/chain-types";
import { type Flag, raiseFlag, sample } from "../flag";
import type { BuyerFunding } from "../profiles/token-profile";
import type { FundingContext } from "../profiles/wallet-profile";
import { WALLET } from "../thresholds";

/** The first successful native-value transfer into the wallet from someone else. */
export function firstFunding(transactions: readonly ChainTransaction[], wallet: Address): ChainTransaction | null {
  for (const tx of transactions) {
    if (tx.to === wallet && tx.from !== wallet && tx.value > 0n && tx.success) return tx;
  }
  return null;
}

/** A successful native-value transfer from `funder` to some address: what funding means everywhere. */
const fundsFrom = (tx: ChainTransaction, funder: Address): tx is ChainTransaction & { to: Address } =>
  tx.from === funder && tx.to !== null && tx.value > 0n && tx.success;

/** Every address the funder sent native value to, at its first such transfer. */
export function firstFundedBy(context: FundingContext): Map<Address, BuyerFunding> {
  const funded = new Map<Address, BuyerFunding>();
  for (const tx of context.funderTransactions.items) {
    if (!fundsFrom(tx, context.funder)) continue;
    if (!funded.has(tx.to)) funded.set(tx.to, { funder: context.funder, fundedAt: tx.timestamp });
  }
  return funded;
}

/** The addresses other than itself that `funder` sent native value to, among `transactions`. */
export function fundedBy(funder: Address, transactions: readonly ChainTransaction[]): Set<Address> {
  const funded = new Set<Address>();
  for (const tx of transactions) if (fundsFrom(tx, funder) && tx.to !== funder) funded.add(tx.to);
  return funded;
}

/** SHARED_FUNDING_SOURCE: the funder sprayed first funding over many fresh wallets around this one. */
export function sharedFundingFlag(context: FundingContext, wallet: Address): Flag | null {
  if (context.funderLabel !== null) return null;
  const funded = firstFundedBy(context);
  // Layered funding (source -> relays -> wallets) counts as one source: the graph's recipients join the direct ones.
  for (const r of context.layered?.recipients ?? [])
    if (!funded.has(r.address)) funded.set(r.address, { funder: context.funder, fundedAt: r.fundedAt });
  const mine = funded.get(wallet);
  if (mine === undefined) return null;
  const near: Address[] = [];
  for (const [recipient, f] of funded) {
    if (Math.abs(f.fundedAt - mine.fundedAt) > WALLET.sharedFundingWindowSeconds) continue;
    const nonce = context.recipientNonces?.get(recipient);
    if (nonce === undefined || nonce <= WALLET.freshRecipientMaxNonce) near.push(recipient);
  }
  if (near.length < WALLET.sharedFundingMinFreshRecipients) return null;
  const via = context.layered?.root.via ?? [];
  return raiseFlag("SHARED_FUNDING_SOURCE", {
    detail: `Funder ${context.funder} first-funded ${near.length} fresh addresses within ${WALLET.sharedFundingWindowSeconds / 3600} h of funding this wallet${via.length === 0 ? "" : ` (through relays ${via.join(", ")})`}.`,
    counterparties: [context.funder, ...via],
    ...(context.layered === undefined ? {} : { txHashes: [...context.layered.root.txHashes] }),
    holders: sample(near.filter((a) => a !== wallet)),
    figures: { freshRecipients: near.length },
  });
}
