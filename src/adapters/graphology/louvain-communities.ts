import { UndirectedGraph, type DirectedGraph } from "graphology";
import louvain from "graphology-communities-louvain";
import type { EdgeFacts, NodeFacts } from "./node-facts";
import { edgeWeight, isContract } from "./node-facts";

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
 * payroll) are left out: everyone touches them, and they would merge every community into one.
 */
export function louvainCommunities(
  graph: DirectedGraph<NodeFacts, EdgeFacts>,
  minSize: number,
  maxSize: number,
): string[][] {
  const assoc = new UndirectedGraph({ allowSelfLoops: false });
  graph.forEachEdge((_e, attrs, s, t, sa, ta) => {
    if (!isContract(sa) && !isContract(ta)) link(assoc, s, t, edgeWeight(attrs) + (attrs.firstFunding ? 2 : 0));
  });
  const byToken = new Map<string, { who: string; block: number }[]>();
  graph.forEachNode((key, facts) => {
    if (isContract(facts)) return;
    for (const t of facts.trades) {
      const list = byToken.get(t.token) ?? [];
      list.push({ who: key, block: t.block });
      byToken.set(t.token, list);
    }
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
