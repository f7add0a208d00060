import type {
  RawCommunityWallet,
  SeedCandidate,
  TransferGraph,
  TransferGraphStats,
} from "../../application/ports/transfer-graph.port";
import type { Address } from "../../domain/chain/address";
import type { ChainTransaction, TokenTransfer, TxHash } from "../../domain/chain/chain-types";
import type { FundingLink } from "../../domain/graph-trust/funding-root";
import { CompactGraph } from "./compact-graph";
import type { GraphBlock, TransferGraphOptions } from "./graph-block";
import { louvainCommunities } from "./louvain-communities";
import { NodeFacts, edgeWeight } from "./node-facts";
import { type PageRankOptions, personalizedPageRank } from "./personalized-pagerank";

const ZERO = "0x0000000000000000000000000000000000000000";
const DAY = 86_400;

/**
 * The transfer graph, fed block by block by the index's follower (`add`, in block order, once each). One
 * directed edge per (from, to) aggregates count, priced value and the first-funding relation; each node keeps
 * a bounded ring of its latest sends and trades for cluster evidence. Kept between blocks as columns
 * (CompactGraph, NodeFacts: interned addresses, typed arrays, hashes as bytes); graphology is used only for
 * Louvain, on an association graph built for the call. Memory: measured by `npm run bench` (section 11,
 * bytes per edge with the nodes); past `maxNodes` the least recently active 10% of nodes (with their edges)
 * are dropped.
 */
export class GraphologyTransferGraph implements TransferGraph {
  private readonly graph = new CompactGraph();
  private readonly facts: NodeFacts;
  private readonly maxNodes: number;
  private readonly moneyTokens: ReadonlySet<string>;
  private asOf = { block: -1, timestamp: 0 };
  private evicted = 0;

  constructor(private readonly options: TransferGraphOptions) {
    this.maxNodes = options.maxNodes ?? 2_000_000;
    this.facts = new NodeFacts(options.factsPerNode ?? 16);
    this.moneyTokens = new Set(options.pricing.tokens.keys());
  }

  /** Folds one block in: the incremental step (cost proportional to the block's transfers). */
  add(block: GraphBlock): void {
    if (block.number <= this.asOf.block) return;
    for (const c of block.creations) this.facts.markContract(this.node(c.contract, block));
    const senders = new Map<TxHash, Address>();
    for (const tx of block.transactions) {
      senders.set(tx.hash, tx.from);
      this.facts.markSigner(this.node(tx.from, block));
      if (tx.contractCreated !== undefined) this.facts.markContract(this.node(tx.contractCreated, block));
      if (tx.success && tx.to !== null && tx.value > 0n) this.nativeTransfer(tx, block);
    }
    for (const t of block.transfers) if (t.standard === "ERC20") this.tokenTransfer(t, senders.get(t.txHash), block);
    this.asOf = { block: block.number, timestamp: block.timestamp };
    if (this.graph.order > this.maxNodes) this.evict();
  }

  /**
   * A reorganisation removed the blocks after `ancestor`: the graph takes the new branch's blocks from there.
   * What the removed blocks added stays: edges aggregate counts, priced value and the first funding, and nodes
   * keep bounded rings, none of which can be subtracted exactly. On a chain with finality (Arc) that never
   * happens; elsewhere it is a block or two of transfers in a statistical graph, and they age out with the rest.
   */
  rewind(ancestor: number): void {
    if (ancestor < this.asOf.block) this.asOf = { block: ancestor, timestamp: this.asOf.timestamp };
  }

  stats(): TransferGraphStats {
    return {
      nodes: this.graph.order,
      edges: this.graph.size,
      asOfBlock: this.asOf.block,
      asOfTimestamp: this.asOf.timestamp,
      evictedNodes: this.evicted,
    };
  }

  communities(minSize: number, maxSize: number): RawCommunityWallet[][] {
    const { graph, facts } = this;
    const source = {
      forEachWalletEdge: (visit: (s: string, t: string, weight: number, firstFunding: boolean) => void) => {
        for (let e = 0; e < graph.size; e++) {
          const s = graph.source(e);
          const t = graph.target(e);
          if (facts.isContract(s) || facts.isContract(t)) continue;
          const firstFunding = graph.firstFunding(e);
          visit(graph.key(s), graph.key(t), edgeWeight(graph.count(e), graph.usd(e), firstFunding), firstFunding);
        }
      },
      forEachWalletTrade: (visit: (wallet: string, token: string, block: number) => void) => {
        for (let v = 0; v < graph.order; v++)
          if (!facts.isContract(v)) facts.trades.forEach(v, (token, block) => visit(graph.key(v), token, block));
      },
    };
    return louvainCommunities(source, minSize, maxSize).map((members) =>
      members.map((address) => {
        const node = graph.id(address)!;
        return {
          address: address as Address,
          fundingChain: this.fundingChain(address as Address, 3),
          // Contract-ness is judged now: a pool is recognised only after its first payout.
          sends: facts.sends.read(node).map((send) => ({
            to: send.to as Address,
            asset: send.asset as Address | "native",
            value: send.value,
            txHash: send.txHash as TxHash,
            block: send.block,
            toContract: this.isContractAddress(send.to),
          })),
          trades: facts.trades
            .read(node)
            .map((t) => ({ token: t.token as Address, txHash: t.txHash as TxHash, block: t.block })),
          received: new Map(facts.received(node) ?? []) as ReadonlyMap<Address | "native", bigint>,
        };
      }),
    );
  }

  personalizedRank(seeds: readonly Address[], discounted: ReadonlySet<Address>, options: PageRankOptions) {
    const { graph } = this;
    const { sources, targets } = graph.endpoints();
    const ranks = personalizedPageRank(
      {
        nodes: graph.order,
        id: (key) => graph.id(key),
        key: (node) => graph.key(node),
        sources,
        targets,
        weight: (e) => edgeWeight(graph.count(e), graph.usd(e), graph.firstFunding(e)),
      },
      seeds,
      discounted,
      options,
    );
    const wallets = new Map<Address, number>();
    for (const [key, rank] of ranks) if (!this.facts.isContract(graph.id(key)!)) wallets.set(key as Address, rank);
    return wallets;
  }

  fundingChain(address: Address, links: number): FundingLink[] {
    const chain: FundingLink[] = [];
    let at: string = address;
    for (let node = this.graph.id(at); chain.length < links && node !== undefined; node = this.graph.id(at)) {
      const funding = this.facts.funding(node);
      if (funding === null || chain.some((l) => l.funder === funding.funder)) break;
      chain.push(funding);
      at = funding.funder;
    }
    return chain;
  }

  firstFundedBy(funder: Address): { address: Address; fundedAt: number }[] {
    const node = this.graph.id(funder);
    if (node === undefined) return [];
    const out: { address: Address; fundedAt: number }[] = [];
    this.graph.forEachOutEdge(node, (e, target) => {
      const funding = this.graph.firstFunding(e) ? this.facts.funding(target) : null;
      if (funding !== null) out.push({ address: this.graph.key(target) as Address, fundedAt: funding.at });
    });
    return out;
  }

  seedCandidates(minAgeDays: number, minCounterparties: number, limit: number): SeedCandidate[] {
    const found: SeedCandidate[] = [];
    for (let v = 0; v < this.graph.order; v++) {
      if (this.facts.isContract(v)) continue;
      const ageDays = Math.floor((this.asOf.timestamp - this.facts.firstSeen(v)) / DAY);
      const counterparties = this.graph.degree(v);
      if (ageDays >= minAgeDays && counterparties >= minCounterparties)
        found.push({ address: this.graph.key(v) as Address, ageDays, counterparties });
    }
    return found
      .sort((a, b) => b.counterparties - a.counterparties || b.ageDays - a.ageDays || (a.address < b.address ? -1 : 1))
      .slice(0, limit);
  }

  longTimeHolders(tokens: readonly Address[], minAgeDays: number, limit: number): Address[] {
    const before = this.asOf.timestamp - minAgeDays * DAY;
    const found: { address: Address; since: number }[] = [];
    for (let v = 0; v < this.graph.order; v++) {
      const money = this.facts.money(v);
      if (money === null || this.facts.isContract(v)) continue;
      for (const token of tokens) {
        const held = money.get(token);
        if (held !== undefined && held.since <= before && held.balance > 0n) {
          found.push({ address: this.graph.key(v) as Address, since: held.since });
          break;
        }
      }
    }
    return found
      .sort((a, b) => a.since - b.since || (a.address < b.address ? -1 : 1))
      .slice(0, limit)
      .map((f) => f.address);
  }

  neighbours(address: Address, limit: number): Address[] {
    const node = this.graph.id(address);
    if (node === undefined) return [];
    const weights = new Map<string, number>();
    const add = (e: number, other: number) => {
      const key = this.graph.key(other);
      const w = edgeWeight(this.graph.count(e), this.graph.usd(e), this.graph.firstFunding(e));
      weights.set(key, (weights.get(key) ?? 0) + w);
    };
    this.graph.forEachOutEdge(node, add);
    this.graph.forEachInEdge(node, add);
    return [...weights]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, limit)
      .map(([a]) => a as Address);
  }

  private isContractAddress(address: string): boolean {
    const node = this.graph.id(address);
    return node !== undefined && this.facts.isContract(node);
  }

  /** The node's id (added if new), marked active in `block`. */
  private node(address: string, block: GraphBlock): number {
    const { node, added } = this.graph.addNode(address);
    if (added) this.facts.add(node, block.timestamp, block.number);
    else this.facts.touch(node, block.number);
    return node;
  }

  private nativeTransfer(tx: ChainTransaction, block: GraphBlock): void {
    const { nativeDecimals, nativeUnitUsd } = this.options.pricing;
    this.edge(tx.from, tx.to!, tx.value, "native", tx.hash, block, usdOf(tx.value, nativeDecimals, nativeUnitUsd));
  }

  private tokenTransfer(t: TokenTransfer, sender: Address | undefined, block: GraphBlock): void {
    if (t.from === ZERO || t.to === ZERO) {
      // Mints count as received (a wallet's whole inflow), never as funding; burns lower a money balance.
      if (t.to === ZERO) {
        if (t.from !== ZERO) this.money(this.node(t.from, block), t.token, -t.value, block.timestamp);
        return;
      }
      const minted = this.node(t.to, block);
      this.facts.addReceived(minted, t.token, t.value);
      this.money(minted, t.token, t.value, block.timestamp);
      return;
    }
    if (sender !== t.from) this.facts.markMovedUnsigned(this.node(t.from, block));
    const priced = this.options.pricing.tokens.get(t.token);
    this.edge(
      t.from,
      t.to,
      t.value,
      t.token,
      t.txHash,
      block,
      usdOf(t.value, priced?.decimals ?? 18, priced?.unitUsd ?? null),
    );
    // Received in a transaction the receiver sent itself: a buy or a claim (co-trading), not a payment.
    if (sender !== t.to) return;
    this.facts.trades.push(this.node(t.to, block), { token: t.token, txHash: t.txHash, block: block.number });
  }

  private edge(
    from: Address,
    to: Address,
    value: bigint,
    asset: Address | "native",
    txHash: TxHash,
    block: GraphBlock,
    usd: number,
  ): void {
    if (from === to) return;
    const sender = this.node(from, block);
    const receiver = this.node(to, block);
    // Contracts paying out (swaps, payroll) are not funders: only wallets fund wallets.
    const firstFunding = !this.facts.funded(receiver) && !this.facts.isContract(sender);
    const e = this.graph.edge(sender, receiver);
    if (e < 0) this.graph.addEdge(sender, receiver, usd, firstFunding);
    else this.graph.addTransfer(e, usd);
    // The graph's key strings, not the block's: a ring entry or funding link then holds no copy of an address.
    if (firstFunding) this.facts.setFunding(receiver, this.graph.key(sender), txHash, block.timestamp);
    this.facts.sends.push(sender, { to: this.graph.key(receiver), asset, value, txHash, block: block.number });
    if (asset !== "native") {
      this.money(sender, asset, -value, block.timestamp);
      this.money(receiver, asset, value, block.timestamp);
    }
  }

  /** Running balances of money tokens only (official issuers): enough to name long-time holders. */
  private money(node: number, token: string, delta: bigint, at: number): void {
    if (this.moneyTokens.has(token)) this.facts.addMoney(node, token, delta, at);
  }

  private evict(): void {
    const n = this.graph.order;
    const byAge = Array.from({ length: n }, (_, v) => v);
    // Stable: among nodes last active in the same block, the earlier added go first.
    byAge.sort((a, b) => this.facts.lastBlock(a) - this.facts.lastBlock(b));
    const drop = Math.ceil(n * 0.1);
    const dropped = new Uint8Array(n);
    for (let i = 0; i < drop; i++) {
      dropped[byAge[i]!] = 1;
      this.facts.drop(byAge[i]!);
    }
    this.graph.dropNodes(dropped, (from, to) => this.facts.move(from, to));
    this.facts.truncate(this.graph.order);
    this.evicted += drop;
  }
}

function usdOf(value: bigint, decimals: number, unitUsd: number | null): number {
  if (unitUsd === null || value <= 0n) return 0;
  return (Number(value) / 10 ** decimals) * unitUsd;
}
