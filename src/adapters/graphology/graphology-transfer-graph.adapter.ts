import { DirectedGraph } from "graphology";
import type {
  RawCommunityWallet,
  SeedCandidate,
  TransferGraph,
  TransferGraphStats,
} from "../../application/ports/transfer-graph.port";
import type { Address } from "../../domain/chain/address";
import type { ChainTransaction, TokenTransfer, TxHash } from "../../domain/chain/chain-types";
import type { FundingLink } from "../../domain/graph-trust/funding-root";
import type { GraphBlock, TransferGraphOptions } from "./graph-block";
import { louvainCommunities } from "./louvain-communities";
import {
  type EdgeFacts,
  type NodeFacts,
  addReceived,
  edgeWeight,
  isContract,
  newNode,
  pushBounded,
} from "./node-facts";
import { type PageRankOptions, personalizedPageRank } from "./personalized-pagerank";

const ZERO = "0x0000000000000000000000000000000000000000";
const DAY = 86_400;

/**
 * The transfer graph on graphology, fed block by block by the index's follower (`add`, in block order,
 * once each). One directed edge per (from, to) aggregates count, priced value and the first-funding
 * relation; each node keeps a bounded ring of its latest sends and trades for cluster evidence.
 * Memory: measured by `npm run bench` (section 11, bytes per edge with the nodes); past `maxNodes` the
 * least recently active 10% of nodes (with their edges) are dropped.
 */
export class GraphologyTransferGraph implements TransferGraph {
  private readonly graph = new DirectedGraph<NodeFacts, EdgeFacts>({ allowSelfLoops: false });
  private readonly maxNodes: number;
  private readonly factsPerNode: number;
  private readonly moneyTokens: ReadonlySet<string>;
  private asOf = { block: -1, timestamp: 0 };
  private evicted = 0;

  constructor(private readonly options: TransferGraphOptions) {
    this.maxNodes = options.maxNodes ?? 2_000_000;
    this.factsPerNode = options.factsPerNode ?? 16;
    this.moneyTokens = new Set(options.pricing.tokens.keys());
  }

  /** Folds one block in: the incremental step (cost proportional to the block's transfers). */
  add(block: GraphBlock): void {
    if (block.number <= this.asOf.block) return;
    for (const c of block.creations) this.node(c.contract, block).contract = true;
    const senders = new Map<TxHash, Address>();
    for (const tx of block.transactions) {
      senders.set(tx.hash, tx.from);
      this.node(tx.from, block).signer = true;
      if (tx.contractCreated !== undefined) this.node(tx.contractCreated, block).contract = true;
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
    return louvainCommunities(this.graph, minSize, maxSize).map((members) =>
      members.map((address) => {
        const facts = this.graph.getNodeAttributes(address);
        return {
          address: address as Address,
          fundingChain: this.fundingChain(address as Address, 3),
          // Contract-ness is judged now: a pool is recognised only after its first payout.
          sends: facts.sends.map((send) => ({ ...send, toContract: this.isContractAddress(send.to) })),
          trades: facts.trades,
          received: new Map(facts.received ?? []) as ReadonlyMap<Address | "native", bigint>,
        };
      }),
    );
  }

  personalizedRank(seeds: readonly Address[], discounted: ReadonlySet<Address>, options: PageRankOptions) {
    const ranks = personalizedPageRank(this.graph, seeds, discounted, options);
    const wallets = new Map<Address, number>();
    for (const [key, rank] of ranks)
      if (!isContract(this.graph.getNodeAttributes(key))) wallets.set(key as Address, rank);
    return wallets;
  }

  fundingChain(address: Address, links: number): FundingLink[] {
    const chain: FundingLink[] = [];
    let at: string = address;
    while (chain.length < links && this.graph.hasNode(at)) {
      const funding = this.graph.getNodeAttribute(at, "funding");
      if (funding === null || chain.some((l) => l.funder === funding.funder)) break;
      chain.push(funding);
      at = funding.funder;
    }
    return chain;
  }

  firstFundedBy(funder: Address): { address: Address; fundedAt: number }[] {
    if (!this.graph.hasNode(funder)) return [];
    const out: { address: Address; fundedAt: number }[] = [];
    this.graph.forEachOutEdge(funder, (_e, attrs, _s, target, _sa, ta) => {
      if (attrs.firstFunding && ta.funding !== null) out.push({ address: target as Address, fundedAt: ta.funding.at });
    });
    return out;
  }

  seedCandidates(minAgeDays: number, minCounterparties: number, limit: number): SeedCandidate[] {
    const found: SeedCandidate[] = [];
    this.graph.forEachNode((key, facts) => {
      if (isContract(facts)) return;
      const ageDays = Math.floor((this.asOf.timestamp - facts.firstSeen) / DAY);
      const counterparties = this.graph.degreeWithoutSelfLoops(key);
      if (ageDays >= minAgeDays && counterparties >= minCounterparties)
        found.push({ address: key as Address, ageDays, counterparties });
    });
    return found
      .sort((a, b) => b.counterparties - a.counterparties || b.ageDays - a.ageDays || (a.address < b.address ? -1 : 1))
      .slice(0, limit);
  }

  longTimeHolders(tokens: readonly Address[], minAgeDays: number, limit: number): Address[] {
    const before = this.asOf.timestamp - minAgeDays * DAY;
    const found: { address: Address; since: number }[] = [];
    this.graph.forEachNode((key, facts) => {
      if (isContract(facts) || facts.money === null) return;
      for (const token of tokens) {
        const held = facts.money[token];
        if (held !== undefined && held.since <= before && held.balance > 0n) {
          found.push({ address: key as Address, since: held.since });
          return;
        }
      }
    });
    return found
      .sort((a, b) => a.since - b.since || (a.address < b.address ? -1 : 1))
      .slice(0, limit)
      .map((f) => f.address);
  }

  neighbours(address: Address, limit: number): Address[] {
    if (!this.graph.hasNode(address)) return [];
    const weights = new Map<string, number>();
    this.graph.forEachEdge(address, (_e, attrs, s, t) => {
      const other = s === address ? t : s;
      weights.set(other, (weights.get(other) ?? 0) + edgeWeight(attrs));
    });
    return [...weights]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, limit)
      .map(([a]) => a as Address);
  }

  private isContractAddress(address: string): boolean {
    return this.graph.hasNode(address) && isContract(this.graph.getNodeAttributes(address));
  }

  private node(address: string, block: GraphBlock): NodeFacts {
    if (!this.graph.hasNode(address)) this.graph.addNode(address, newNode(block.timestamp, block.number));
    const facts = this.graph.getNodeAttributes(address);
    facts.lastBlock = block.number;
    return facts;
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
      addReceived(minted, t.token, t.value);
      this.money(minted, t.token, t.value, block.timestamp);
      return;
    }
    if (sender !== t.from) this.node(t.from, block).movedUnsigned = true;
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
    const buyer = this.node(t.to, block);
    buyer.trades = pushBounded(
      buyer.trades,
      { token: t.token, txHash: t.txHash, block: block.number },
      this.factsPerNode,
    );
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
    const firstFunding = receiver.funding === null && !isContract(sender);
    let key = this.graph.edge(from, to);
    if (key === undefined) key = this.graph.addEdge(from, to, { count: 1, usd, firstFunding });
    else {
      const attrs = this.graph.getEdgeAttributes(key);
      attrs.count++;
      attrs.usd += usd;
    }
    // The graph's key strings, not the block's: a ring entry or funding link then holds no copy of an address.
    if (firstFunding) receiver.funding = { funder: this.graph.source(key) as Address, txHash, at: block.timestamp };
    sender.sends = pushBounded(
      sender.sends,
      { to: this.graph.target(key) as Address, asset, value, txHash, block: block.number },
      this.factsPerNode,
    );
    if (asset !== "native") {
      this.money(sender, asset, -value, block.timestamp);
      this.money(receiver, asset, value, block.timestamp);
    }
  }

  /** Running balances of money tokens only (official issuers): enough to name long-time holders. */
  private money(facts: NodeFacts, token: string, delta: bigint, at: number): void {
    if (!this.moneyTokens.has(token)) return;
    facts.money ??= {};
    const held = facts.money[token];
    if (held === undefined) facts.money[token] = { since: at, balance: delta };
    else held.balance += delta;
  }

  private evict(): void {
    const byAge: [string, number][] = [];
    this.graph.forEachNode((key, facts) => byAge.push([key, facts.lastBlock]));
    byAge.sort((a, b) => a[1] - b[1]);
    const drop = Math.ceil(this.graph.order * 0.1);
    for (let i = 0; i < drop; i++) this.graph.dropNode(byAge[i]![0]);
    this.evicted += drop;
  }
}

function usdOf(value: bigint, decimals: number, unitUsd: number | null): number {
  if (unitUsd === null || value <= 0n) return 0;
  return (Number(value) / 10 ** decimals) * unitUsd;
}
