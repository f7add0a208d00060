import type { Address } from "../chain/address";
import type { ChainTime, TxHash } from "../chain/chain-types";
import { GRAPH_TRUST } from "./graph-trust-thresholds";

/** One first-funding relation: `funder` first sent value to the wallet in `txHash` at `at`. */
export interface FundingLink {
  readonly funder: Address;
  readonly txHash: TxHash;
  readonly at: ChainTime;
}

/** Where a wallet's money really came from, after the relays in between. */
export interface FundingRoot {
  readonly root: Address;
  /** Relays passed through, nearest to the wallet first; empty for direct funding. */
  readonly via: readonly Address[];
  /** When the wallet itself was funded (the last hop). */
  readonly fundedAt: ChainTime;
  /** Every hop's funding transaction, wallet's first. */
  readonly txHashes: readonly TxHash[];
}

/**
 * Follows a first-funding chain (`chain[0]` funded the wallet, `chain[1]` funded `chain[0].funder`, ...)
 * through at most GRAPH_TRUST.fundingDepth relays. A hop is a relay when it passed the money on within
 * GRAPH_TRUST.relayMaxHoldSeconds of receiving its own first funding: an exchange or an old wallet that funds
 * people months after it was funded is a source, not a relay.
 */
export function fundingRoot(chain: readonly FundingLink[]): FundingRoot | null {
  const first = chain[0];
  if (first === undefined) return null;
  const via: Address[] = [];
  const txHashes: TxHash[] = [first.txHash];
  let root = first;
  for (let hop = 1; hop <= GRAPH_TRUST.fundingDepth && hop < chain.length; hop++) {
    const up = chain[hop]!;
    if (root.at - up.at > GRAPH_TRUST.relayMaxHoldSeconds || root.at < up.at) break;
    if (up.funder === root.funder || via.includes(up.funder)) break;
    via.push(root.funder);
    txHashes.push(up.txHash);
    root = up;
  }
  return { root: root.funder, via, fundedAt: first.at, txHashes };
}
