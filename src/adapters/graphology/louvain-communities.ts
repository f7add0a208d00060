import { UndirectedGraph } from "graphology";
import louvain from "graphology-communities-louvain";

/** What Louvain reads of the transfer graph, in its node and edge order. */
export interface AssociationSource {
  /** Every edge between two externally owned wallets, in edge order: its ends, edgeWeight and first-funding flag. */
  forEachWalletEdge(visit: (source: string, target: string, weight: number, firstFunding: boolean) => void): void;
  /** Every externally owned wallet's trades (token and block, oldest first), in node order. */
  forEachWalletTrade(visit: (wallet: string, token: string, block: number) => void): void;
}

/** Same-token trades this close (blocks) link their traders in the association graph. */
const CO_TRADE_LINK_BLOCKS = 5;

/** mulberry32: Louvain visits nodes in random order; a fixed seed makes communities identical run to run. */
function seededRng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function link(assoc: UndirectedGraph, a: string, b: string, w: number): void {
  if (a === b) return;
  if (!assoc.hasNode(a)) assoc.addNode(a);
  if (!assoc.hasNode(b)) assoc.addNode(b);
  const existing = assoc.edge(a, b);
  if (existing === undefined) assoc.addEdge(a, b, { weight: w });
  else assoc.updateEdgeAttribute(existing, "weight", (old: number | undefined) => (old ?? 0) + w);
}

/**
 * Louvain communities of the association graph between externally owned wallets: value edges (funding
 * and sweeps among them, first funding weighted up) plus co-trading links (consecutive buyers of one token
 * within a few blocks, a chain rather than a clique so it stays linear). Contracts (routers, pools,
 * payroll) are left out: everyone touches them, and they would merge every community into one. The
 * association graph is a graphology graph built for the call and released after it (the peak of a recompute).
 */
export function louvainCommunities(graph: AssociationSource, minSize: number, maxSize: number): string[][] {
  const assoc = new UndirectedGraph({ allowSelfLoops: false });
  graph.forEachWalletEdge((s, t, weight, firstFunding) => link(assoc, s, t, weight + (firstFunding ? 2 : 0)));
  const byToken = new Map<string, { who: string; block: number }[]>();
  graph.forEachWalletTrade((who, token, block) => {
    const list = byToken.get(token) ?? [];
    list.push({ who, block });
    byToken.set(token, list);
  });
  for (const trades of byToken.values()) {
    trades.sort((a, b) => a.block - b.block || (a.who < b.who ? -1 : 1));
    for (let i = 1; i < trades.length; i++)
      if (trades[i]!.block - trades[i - 1]!.block <= CO_TRADE_LINK_BLOCKS)
        link(assoc, trades[i - 1]!.who, trades[i]!.who, 1);
  }
  if (assoc.size === 0) return [];
  const membership = louvain(assoc, { getEdgeWeight: "weight", rng: seededRng(0x5eed) });
  const groups = new Map<number, string[]>();
  for (const [node, community] of Object.entries(membership)) {
    const list = groups.get(community) ?? [];
    list.push(node);
    groups.set(community, list);
  }
  return [...groups.values()].filter((g) => g.length >= minSize && g.length <= maxSize).map((g) => g.sort());
}
