import type { Address } from "../../domain/chain/address";
import type { FundingContext, WalletGraphInput } from "../../domain/scoring/profiles/wallet-profile";

/**
 * What scoring reads from graph trust. Every answer may be null (no recompute yet, or the address is not
 * in the graph): scoring then states the limitation and scores as before.
 */
export interface GraphSignals {
  walletInput(wallet: Address): WalletGraphInput | null;
  /** The wallet's funding followed through relays, with the root's other recipients; null without relays. */
  layeredFunding(wallet: Address): FundingContext["layered"] | null;
  /** The source behind each buyer's relays (buyers with direct funding are left out). */
  fundingRoots(buyers: readonly Address[]): ReadonlyMap<Address, Address>;
  /** Cluster id and size of the holders that are in one; null before the first recompute. */
  holderClusters(
    holders: readonly Address[],
  ): ReadonlyMap<Address, { readonly id: string; readonly size: number }> | null;
}

export const GraphSignals = Symbol.for("GraphSignals");
