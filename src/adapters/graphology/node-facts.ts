import type { Address } from "../../domain/chain/address";
import type { TxHash } from "../../domain/chain/chain-types";
import type { FundingLink } from "../../domain/graph-trust/funding-root";
import { HashRows, grown } from "./compact-columns";
import { SendRings, TradeRings } from "./fact-rings";

const CONTRACT = 1;
const SIGNER = 2;
const MOVED_UNSIGNED = 4;

/** What few nodes have: receipts (after a first mint) and money-token balances. */
interface NodeExtra {
  /** Total minted to it per asset, for the first RECEIVED_ASSETS assets (bounded). */
  received: Map<string, bigint> | null;
  /** Money tokens (official issuers): first received at, and a running balance (in minus out) to see holders. */
  money: Map<string, { since: number; balance: bigint }> | null;
}

const RECEIVED_ASSETS = 8;

/**
 * What the graph keeps per node, by node id, no more than PageRank, Louvain, the seed rule and cluster
 * evidence read, as columns rather than an object per node (at a million edges nodes and their rings were
 * most of the heap: `npm run bench`): first seen, last active block (for eviction), the contract/signer/
 * moved-unsigned flags, the first funding link (funder's key string, time, hash as 32 bytes), the bounded
 * rings of latest sends and trades, and, for the few nodes that have them, receipts and money balances.
 */
export class NodeFacts {
  private firstSeenAt = new Float64Array(0);
  private lastActive = new Float64Array(0);
  private flags = new Uint8Array(0);
  private funder: (string | null)[] = [];
  private fundedAt = new Float64Array(0);
  private readonly fundingHash = new HashRows();
  private extra: (NodeExtra | undefined)[] = [];
  readonly sends: SendRings;
  readonly trades: TradeRings;

  constructor(factsPerNode: number) {
    this.sends = new SendRings(factsPerNode);
    this.trades = new TradeRings(factsPerNode);
  }

  /** A new node (ids come in order: `node` is the next one). */
  add(node: number, at: number, block: number): void {
    const n = node + 1;
    this.firstSeenAt = grown(this.firstSeenAt, n);
    this.lastActive = grown(this.lastActive, n);
    this.flags = grown(this.flags, n);
    this.fundedAt = grown(this.fundedAt, n);
    this.firstSeenAt[node] = at;
    this.lastActive[node] = block;
    this.flags[node] = 0;
    this.funder[node] = null;
    this.extra[node] = undefined;
  }

  firstSeen(node: number): number {
    return this.firstSeenAt[node]!;
  }

  lastBlock(node: number): number {
    return this.lastActive[node]!;
  }

  touch(node: number, block: number): void {
    this.lastActive[node] = block;
  }

  /** Created by a top-level transaction. */
  markContract(node: number): void {
    this.flags[node]! |= CONTRACT;
  }

  /** Sent at least one transaction itself. */
  markSigner(node: number): void {
    this.flags[node]! |= SIGNER;
  }

  /** Moved tokens in a transaction someone else sent (a pool paying out a swap, a contract paying). */
  markMovedUnsigned(node: number): void {
    this.flags[node]! |= MOVED_UNSIGNED;
  }

  /**
   * Contracts the index saw created, plus addresses that move tokens without ever signing a transaction:
   * factory-made pools are created inside a transaction, so no top-level creation names them.
   */
  isContract(node: number): boolean {
    const f = this.flags[node]!;
    return (f & CONTRACT) !== 0 || ((f & MOVED_UNSIGNED) !== 0 && (f & SIGNER) === 0);
  }

  funded(node: number): boolean {
    return this.funder[node] !== null;
  }

  /** First inbound value from someone else (native or ERC-20, mints excluded). */
  funding(node: number): FundingLink | null {
    const funder = this.funder[node];
    if (funder === null || funder === undefined) return null;
    return { funder: funder as Address, txHash: this.fundingHash.get(node) as TxHash, at: this.fundedAt[node]! };
  }

  setFunding(node: number, funder: string, txHash: string, at: number): void {
    this.funder[node] = funder;
    this.fundedAt[node] = at;
    this.fundingHash.set(node, txHash);
  }

  received(node: number): ReadonlyMap<string, bigint> | null {
    return this.extra[node]?.received ?? null;
  }

  addReceived(node: number, asset: string, value: bigint): void {
    // Created on the first mint: most wallets are never minted to.
    const extra = (this.extra[node] ??= { received: null, money: null });
    const received = (extra.received ??= new Map());
    const held = received.get(asset);
    if (held !== undefined) received.set(asset, held + value);
    else if (received.size < RECEIVED_ASSETS) received.set(asset, value);
  }

  money(node: number): ReadonlyMap<string, { readonly since: number; readonly balance: bigint }> | null {
    return this.extra[node]?.money ?? null;
  }

  addMoney(node: number, token: string, delta: bigint, at: number): void {
    const extra = (this.extra[node] ??= { received: null, money: null });
    const money = (extra.money ??= new Map());
    const held = money.get(token);
    if (held === undefined) money.set(token, { since: at, balance: delta });
    else held.balance += delta;
  }

  /** Node `from`'s facts become node `to`'s (`to` was dropped or moved already). */
  move(from: number, to: number): void {
    this.firstSeenAt[to] = this.firstSeenAt[from]!;
    this.lastActive[to] = this.lastActive[from]!;
    this.flags[to] = this.flags[from]!;
    this.funder[to] = this.funder[from]!;
    this.fundedAt[to] = this.fundedAt[from]!;
    this.fundingHash.move(from, to);
    this.extra[to] = this.extra[from];
    this.sends.move(from, to);
    this.trades.move(from, to);
  }

  /** Frees what node `node` held (it is dropped; kept nodes are moved over it next). */
  drop(node: number): void {
    this.sends.drop(node);
    this.trades.drop(node);
    this.extra[node] = undefined;
    this.funder[node] = null;
  }

  /** Keeps the first `nodes` (after a compaction). */
  truncate(nodes: number): void {
    this.funder.length = Math.min(this.funder.length, nodes);
    this.extra.length = Math.min(this.extra.length, nodes);
  }
}

/** Edge weight for trust and communities: repeated, valuable and first-funding relations weigh more. */
export function edgeWeight(count: number, usd: number, firstFunding: boolean): number {
  return Math.log2(1 + count) + Math.log10(1 + usd) + (firstFunding ? 2 : 0);
}
