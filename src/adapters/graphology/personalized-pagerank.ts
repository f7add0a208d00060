export interface PageRankOptions {
  readonly damping: number;
  readonly discount: number;
  readonly maxIterations: number;
  readonly tolerance: number;
}

/** The graph as PageRank reads it: node ids 0..nodes-1, and per edge its source, target and weight. */
export interface RankGraph {
  readonly nodes: number;
  id(key: string): number | undefined;
  key(node: number): string;
  /** Edge sources and targets by edge id. */
  readonly sources: Int32Array;
  readonly targets: Int32Array;
  weight(edge: number): number;
}

/**
 * Personalized PageRank by power iteration. graphology-metrics' pagerank has no restart (personalization)
 * vector; it runs on the transfer graph's own columns (edge sources and targets, weights computed once):
 * O(iterations x edges) time, O(nodes + edges) extra memory. Dangling mass, and the unfollowed share of
 * discounted (flagged) wallets' outflow, returns to the seeds.
 */
export function personalizedPageRank(
  graph: RankGraph,
  seeds: readonly string[],
  discounted: ReadonlySet<string>,
  options: PageRankOptions,
): Map<string, number> {
  const n = graph.nodes;
  const m = graph.sources.length;
  const source = graph.sources;
  const target = graph.targets;
  const weight = new Float64Array(m);
  const outWeight = new Float64Array(n);
  // Share of a wallet's outflow that is followed: `discount` for flagged wallets, whose remainder
  // returns to the seeds (scaling their edges alone would change nothing once normalized per source).
  const follow = new Float64Array(n).fill(1);
  for (const d of discounted) {
    const di = graph.id(d);
    if (di !== undefined) follow[di] = options.discount;
  }
  for (let e = 0; e < m; e++) {
    const w = graph.weight(e);
    weight[e] = w;
    outWeight[source[e]!]! += w;
  }
  const restart = new Float64Array(n);
  const present = seeds.filter((s) => graph.id(s) !== undefined);
  for (const s of present) restart[graph.id(s)!] = 1 / present.length;
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
  for (let v = 0; v < n; v++) if (rank[v]! > 0) out.set(graph.key(v), rank[v]!);
  return out;
}
