import type { Address } from "../../domain/chain/address";
import type { WalletSend, WalletTrade } from "../../domain/graph/community-facts";
import type { FundingLink } from "../../domain/graph/funding-root";

/** What the graph keeps per address (graphology node attributes). Arrays are bounded rings. */
export interface NodeFacts {
  firstSeen: number;
  lastSeen: number;
  lastBlock: number;
  /** Created by a top-level transaction. */
  contract: boolean;
  /** Sent at least one transaction itself. */
  signer: boolean;
  /** Moved tokens in a transaction someone else sent (a pool paying out a swap, a contract paying). */
  movedUnsigned: boolean;
  /** First inbound value from someone else (native or ERC-20, mints excluded). */
  funding: FundingLink | null;
  sends: WalletSend[];
  trades: WalletTrade[];
  /** Total received per asset, for the first RECEIVED_ASSETS assets the wallet received (bounded). */
  received: Map<string, bigint>;
  /** Money tokens (official issuers): first received at, and a running balance (in minus out) to see holders. */
  money: Record<string, { since: number; balance: bigint }> | null;
}

/** Edge attributes: one directed edge per (from, to), aggregated. */
export interface EdgeFacts {
  count: number;
  /** Sum of priced value in the quote asset (dollars); unpriced transfers add 0. */
  usd: number;
  /** This edge carried the target's first funding. */
  firstFunding: boolean;
  lastAt: number;
}

export function newNode(at: number, block: number): NodeFacts {
  return {
    firstSeen: at,
    lastSeen: at,
    lastBlock: block,
    contract: false,
    signer: false,
    movedUnsigned: false,
    funding: null,
    sends: [],
    trades: [],
    received: new Map(),
    money: null,
  };
}

/**
 * Contracts the index saw created, plus addresses that move tokens without ever signing a transaction:
 * factory-made pools are created inside a transaction, so no top-level creation names them.
 */
export function isContract(facts: NodeFacts): boolean {
  return facts.contract || (facts.movedUnsigned && !facts.signer);
}

const RECEIVED_ASSETS = 8;

export function addReceived(facts: NodeFacts, asset: string, value: bigint): void {
  const held = facts.received.get(asset);
  if (held !== undefined) facts.received.set(asset, held + value);
  else if (facts.received.size < RECEIVED_ASSETS) facts.received.set(asset, value);
}

export function pushBounded<T>(ring: T[], item: T, bound: number): void {
  ring.push(item);
  if (ring.length > bound) ring.splice(0, ring.length - bound);
}

/** Edge weight for trust and communities: repeated, valuable and first-funding relations weigh more. */
export function edgeWeight(e: EdgeFacts): number {
  return Math.log2(1 + e.count) + Math.log10(1 + e.usd) + (e.firstFunding ? 2 : 0);
}

export type { Address };
