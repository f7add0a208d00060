import type { DirectedGraph } from "graphology";
import type { EdgeFacts, NodeFacts } from "./node-facts";
import { edgeWeight } from "./node-facts";

export interface PageRankOptions {
  readonly damping: number;
  readonly discount: number;
  readonly maxIterations: number;
  readonly tolerance: number;
}

/**
 * Personalized PageRank by power iteration. graphology-metrics' pagerank has no restart (personalization)
 * vector, so the graph is read once through graphology into typed arrays (CSR order) and iterated there:
 * O(iterations x edges) time, O(nodes + edges) extra memory. Dangling mass, and the unfollowed share of
 * discounted (flagged) wallets' outflow, returns to the seeds.
 */
export function personalizedPageRank(
  graph: DirectedGraph<NodeFacts, EdgeFacts>,
  seeds: readonly string[],
  discounted: ReadonlySet<string>,
  options: PageRankOptions,
): Map<string, number> {
  const n = graph.order;
  const index = new Map<string, number>();
  const keys: string[] = new Array(n);
  let i = 0;
  graph.forEachNode((key) => {
    index.set(key, i);
    keys[i++] = key;
  });
  const m = graph.size;
  const source = new Int32Array(m);
  const target = new Int32Array(m);
  const weight = new Float64Array(m);
  const outWeight = new Float64Array(n);
  // Share of a wallet's outflow that is followed: `discount` for flagged wallets, whose remainder
  // returns to the seeds (scaling their edges alone would change nothing once normalized per source).
  const follow = new Float64Array(n).fill(1);
  for (const d of discounted) {
    const di = index.get(d);
    if (di !== undefined) follow[di] = options.discount;
  }
  let e = 0;
  graph.forEachEdge((_edge, attrs, s, t) => {
    const si = index.get(s)!;
    const w = edgeWeight(attrs);
    source[e] = si;
    target[e] = index.get(t)!;
    weight[e] = w;
    outWeight[si]! += w;
    e++;
  });
  const restart = new Float64Array(n);
  const present = seeds.filter((s) => index.has(s));
  for (const s of present) restart[index.get(s)!] = 1 / present.length;
  let rank = Float64Array.from(restart);
  const out = new Map<string, number>();
  if (present.length === 0) return out;
  for (let iter = 0; iter < options.maxIterations; iter++) {
    const next = new Float64Array(n);
    let dangling = 0;
    for (let v = 0; v < n; v++) dangling += outWeight[v] === 0 ? rank[v]! : rank[v]! * (1 - follow[v]!);
    for (let k = 0; k < m; k++) {
      const s = source[k]!;
      next[target[k]!]! += (options.damping * rank[s]! * follow[s]! * weight[k]!) / outWeight[s]!;
    }
    let delta = 0;
    for (let v = 0; v < n; v++) {
      next[v]! += (1 - options.damping + options.damping * dangling) * restart[v]!;
      delta += Math.abs(next[v]! - rank[v]!);
    }
    rank = next;
    if (delta < options.tolerance) break;
  }
  for (let v = 0; v < n; v++) if (rank[v]! > 0) out.set(keys[v]!, rank[v]!);
  return out;
}
