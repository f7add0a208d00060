import type { Address } from "../../domain/chain/address";
import type { WalletSend, WalletTrade } from "../../domain/graph-trust/community-facts";
import type { FundingLink } from "../../domain/graph-trust/funding-root";

/**
 * A send as the ring keeps it: whether the destination is a contract is judged when clusters are read
 * (a pool is recognised only after its first payout), and `to` is the graph's own key string for that
 * address, so a ring entry does not hold a copy of it.
 */
export type StoredSend = Omit<WalletSend, "toContract">;

/**
 * What the graph keeps per address (graphology node attributes), no more than PageRank, Louvain, the seed
 * rule and cluster evidence read: at a million edges nodes are most of the heap (`npm run bench`). Arrays
 * are bounded rings.
 */
export interface NodeFacts {
  firstSeen: number;
  /** For eviction: the least recently active go first. */
  lastBlock: number;
  /** Created by a top-level transaction. */
  contract: boolean;
  /** Sent at least one transaction itself. */
  signer: boolean;
  /** Moved tokens in a transaction someone else sent (a pool paying out a swap, a contract paying). */
  movedUnsigned: boolean;
  /** First inbound value from someone else (native or ERC-20, mints excluded). */
  funding: FundingLink | null;
  sends: readonly StoredSend[];
  trades: readonly WalletTrade[];
  /** Total minted to it per asset, for the first RECEIVED_ASSETS assets (bounded); null until a first mint. */
  received: Map<string, bigint> | null;
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
}

/** Shared by every node that has sent or traded nothing yet: rings are replaced, never changed in place. */
const NONE: readonly never[] = Object.freeze([]);

export function newNode(at: number, block: number): NodeFacts {
  return {
    firstSeen: at,
    lastBlock: block,
    contract: false,
    signer: false,
    movedUnsigned: false,
    funding: null,
    sends: NONE,
    trades: NONE,
    received: null,
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
  // Created on the first mint: most wallets are never minted to, and an empty Map costs more than the rest.
  const received = (facts.received ??= new Map());
  const held = received.get(asset);
  if (held !== undefined) received.set(asset, held + value);
  else if (received.size < RECEIVED_ASSETS) received.set(asset, value);
}

/**
 * The ring with `item` appended, its oldest dropped past `bound`. Until it is full it is copied into a new
 * array of exactly its length: a ring grown by push() reserves 17 slots at its first element (224 bytes
 * against 96 for one entry), and most wallets send once or twice. A full ring (a busy wallet) turns in place.
 */
export function pushBounded<T>(ring: readonly T[], item: T, bound: number): readonly T[] {
  if (bound <= 0) return NONE;
  if (ring.length < bound) return ring.concat([item]);
  // Full, so not the shared empty ring: this node's own array.
  const own = ring as T[];
  own.copyWithin(0, own.length - bound + 1);
  own.length = bound;
  own[bound - 1] = item;
  return own;
}

/** Edge weight for trust and communities: repeated, valuable and first-funding relations weigh more. */
export function edgeWeight(e: EdgeFacts): number {
  return Math.log2(1 + e.count) + Math.log10(1 + e.usd) + (e.firstFunding ? 2 : 0);
}

export type { Address };
