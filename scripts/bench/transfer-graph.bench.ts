import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { GraphologyTransferGraph } from "../../src/adapters/graphology/graphology-transfer-graph.adapter";
import type { GraphBlock } from "../../src/adapters/graphology/graph-block";
import type { Address } from "../../src/domain/chain/address";
import type { ChainTransaction, TxHash } from "../../src/domain/chain/chain-types";
import { GRAPH_TRUST } from "../../src/domain/graph-trust/graph-trust-thresholds";

/**
 * The transfer graph at scale: a synthetic chain of native transfers between wallets chosen with a skew
 * (a few hubs, a long tail) until the graph holds TARGET_EDGES distinct edges; then personalized PageRank
 * from 100 seeds, Louvain communities, and the incremental cost of one more block against rebuilding the
 * whole graph (what a full recompute from the chain would cost) in the same run.
 */
export interface TransferGraphBenchFigures {
  readonly nodes: number;
  readonly edges: number;
  readonly transfers: number;
  readonly buildMs: number;
  readonly pageRankMs: number;
  readonly communitiesMs: number;
  readonly msPerBlock: number;
  readonly transfersPerBlock: number;
  readonly heapMb: number;
  /** Peak resident set of the process after PageRank and Louvain (which builds a graphology graph for the call). */
  readonly peakRssMb: number;
  readonly bytesPerEdge: number;
  readonly fullRebuildOverBlock: number;
}

const WALLETS = 250_000;
const PER_BLOCK = 100;
const wallet = (i: number): Address => `0x${i.toString(16).padStart(40, "0")}` as Address;
const hash = (i: number): TxHash => `0x${i.toString(16).padStart(64, "0")}` as TxHash;

/** mulberry32: deterministic, so every run measures the same workload (32-bit integer arithmetic throughout). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Block `n` of the synthetic chain: PER_BLOCK transfers, senders and receivers skewed towards low ids. */
function syntheticBlock(n: number, random: () => number): GraphBlock {
  const transactions: ChainTransaction[] = [];
  for (let k = 0; k < PER_BLOCK; k++) {
    const from = Math.floor(random() ** 2 * WALLETS);
    const to = Math.floor(random() ** 1.5 * WALLETS);
    if (from === to) continue;
    transactions.push({
      hash: hash(n * PER_BLOCK + k),
      blockNumber: n,
      timestamp: 1_700_000_000 + n * 12,
      from: wallet(from + 1),
      to: wallet(to + 1),
      value: BigInt(1 + Math.floor(random() * 1e6)) * 10n ** 12n,
      selector: "0x",
      success: true,
    });
  }
  return { number: n, timestamp: 1_700_000_000 + n * 12, transactions, transfers: [], creations: [] };
}

function newGraph(): GraphologyTransferGraph {
  return new GraphologyTransferGraph({
    maxNodes: 10_000_000,
    pricing: { nativeDecimals: 18, nativeUnitUsd: 1, tokens: new Map() },
  });
}

/** JS heap plus ArrayBuffer backing stores (typed arrays past 64 bytes live outside the heap). */
const heapUsed = (): number => {
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

/** Folds the synthetic chain (same seed, same blocks) into `graph` until it holds `targetEdges` edges. */
function build(graph: GraphologyTransferGraph, targetEdges: number): { blocks: number; transfers: number } {
  const random = seeded(16);
  let transfers = 0;
  let n = 1;
  // Bounded: a generator that stopped producing new edges must fail, not fill the heap.
  for (; graph.stats().edges < targetEdges; n++) {
    if (n > (targetEdges / PER_BLOCK) * 20) throw new Error(`no ${targetEdges} edges after ${n} blocks`);
    const block = syntheticBlock(n, random);
    transfers += block.transactions.length;
    graph.add(block);
  }
  return { blocks: n - 1, transfers };
}

export async function runTransferGraphBench(targetEdges = 1_000_000): Promise<TransferGraphBenchFigures> {
  const heapBefore = heapUsed();
  let graph: GraphologyTransferGraph | null = newGraph();
  const buildStart = performance.now();
  const built = build(graph, targetEdges);
  const buildMs = performance.now() - buildStart;
  const heapAfter = heapUsed();
  const stats = graph.stats();

  const seeds = Array.from({ length: 100 }, (_, i) => wallet(i * 97 + 1));
  const rankStart = performance.now();
  graph.personalizedRank(seeds, new Set(), {
    damping: GRAPH_TRUST.damping,
    discount: GRAPH_TRUST.flaggedEdgeDiscount,
    maxIterations: GRAPH_TRUST.pageRankMaxIterations,
    tolerance: GRAPH_TRUST.pageRankTolerance,
  });
  const pageRankMs = performance.now() - rankStart;

  const communitiesStart = performance.now();
  graph.communities(GRAPH_TRUST.clusterMinMembers, GRAPH_TRUST.communityMaxSize);
  const communitiesMs = performance.now() - communitiesStart;
  const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);

  // Incremental: 200 more blocks folded into the built graph, one at a time.
  const random = seeded(61);
  const extra = Array.from({ length: 200 }, (_, i) => syntheticBlock(built.blocks + 1 + i, random));
  const incStart = performance.now();
  for (const block of extra) graph.add(block);
  const msPerBlock = (performance.now() - incStart) / extra.length;
  graph = null;

  // Full recompute baseline in the same run: the same graph rebuilt from the same blocks (first released).
  heapUsed();
  const rebuildStart = performance.now();
  build(newGraph(), targetEdges);
  const rebuildMs = performance.now() - rebuildStart;

  const heapBytes = Math.max(0, heapAfter - heapBefore);
  const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
  return {
    nodes: stats.nodes,
    edges: stats.edges,
    transfers: built.transfers,
    buildMs: Math.round(buildMs),
    pageRankMs: Math.round(pageRankMs),
    communitiesMs: Math.round(communitiesMs),
    msPerBlock: round(msPerBlock, 3),
    transfersPerBlock: PER_BLOCK,
    heapMb: Math.round(heapBytes / 2 ** 20),
    peakRssMb,
    bytesPerEdge: Math.round(heapBytes / stats.edges),
    fullRebuildOverBlock: Math.round(rebuildMs / msPerBlock),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const target = Number(process.argv[2] ?? 1_000_000);
  console.log(JSON.stringify(await runTransferGraphBench(target)));
}
