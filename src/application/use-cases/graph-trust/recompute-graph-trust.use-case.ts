import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import type { SybilCluster } from "../../../domain/graph-trust/cluster-types";
import { fundingRoot } from "../../../domain/graph-trust/funding-root";
import { GRAPH_TRUST } from "../../../domain/graph-trust/graph-trust-thresholds";
import { graphTrustScores, isDefaultSeed } from "../../../domain/graph-trust/graph-trust";
import { judgeCommunity } from "../../../domain/graph-trust/sybil-cluster";
import { Clock } from "../../ports/clock.port";
import { GraphTrustStore, type GraphTrustSnapshot } from "../../ports/graph-trust-store.port";
import { TransferGraph } from "../../ports/transfer-graph.port";
import { GraphTrustSeedScores } from "./graph-trust-seed-scores.port";
import { GraphTrustSettings } from "./graph-trust-settings";

/**
 * One recompute of graph trust at the graph's current block: sybil clusters first (Louvain communities
 * judged by the domain), then the seeds, then personalized PageRank with cluster members' and flagged
 * seeds candidates' edges discounted, saved to the store for every instance. Skipped when no block arrived
 * since the last one. With DATABASE_URL only the graph-trust lease holder runs it (see GraphTrustWorker);
 * the other instances read its snapshots (ReadGraphTrust).
 */
@injectable()
export class RecomputeGraphTrust {
  private completedBlock: number | null = null;
  /** Flag counts of seed candidates, reused for GRAPH_TRUST.seedRescoreMs: a recompute per new block must not rescore them all. */
  private readonly seedFlags = new Map<Address, { readonly count: number; readonly atMs: number }>();
  private running: Promise<GraphTrustSnapshot> | null = null;

  constructor(
    @inject(TransferGraph) private readonly graph: TransferGraph,
    @inject(GraphTrustStore) private readonly store: GraphTrustStore,
    @inject(GraphTrustSeedScores) private readonly seedScores: GraphTrustSeedScores,
    @inject(GraphTrustSettings) private readonly settings: GraphTrustSettings,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** Concurrent calls share one recompute. Never fails as a value: a store that throws rejects (the worker logs it). */
  execute(): TE.TaskEither<never, GraphTrustSnapshot> {
    return TE.fromTask(() => (this.running ??= this.recompute().finally(() => (this.running = null))));
  }

  private async recompute(): Promise<GraphTrustSnapshot> {
    {
      const asOfBlock = this.graph.stats().asOfBlock;
      // A lease holder that took over starts from what its predecessor stored.
      const last = await this.store.refresh();
      if (last !== null && this.completedBlock === asOfBlock) return last;
      const clusters = this.clusters();
      const clusterOf = new Map<Address, SybilCluster>();
      for (const c of clusters) for (const m of c.members) clusterOf.set(m, c);
      // Clusters are known before the seeds are scored, so seed scoring already sees SYBIL_CLUSTER.
      const interim = {
        asOfBlock,
        computedAt: this.now(),
        seeds: [],
        trust: last?.trust ?? new Map(),
        clusters,
        clusterOf,
      };
      this.store.showInterim(interim);
      const { seeds, flagged } = await this.seeds();
      const discounted = new Set<Address>([...clusterOf.keys(), ...flagged]);
      const trust = graphTrustScores(this.graph.personalizedRank(seeds, discounted, rankOptions()));
      const snapshot: GraphTrustSnapshot = { ...interim, computedAt: this.now(), seeds, trust };
      const saved = await this.store.save(snapshot);
      this.completedBlock = asOfBlock;
      // Refused: a newer snapshot was stored meanwhile (another instance), and that is what the store holds now.
      return saved ? snapshot : (this.store.latest() ?? snapshot);
    }
  }

  private clusters(): SybilCluster[] {
    const moneyTokens = new Set(this.settings.moneyTokens);
    const found: SybilCluster[] = [];
    for (const community of this.graph.communities(GRAPH_TRUST.clusterMinMembers, GRAPH_TRUST.communityMaxSize)) {
      const cluster = judgeCommunity({
        moneyTokens,
        wallets: community.map((w) => ({
          address: w.address,
          funding: fundingRoot(w.fundingChain),
          sends: w.sends,
          trades: w.trades,
          received: w.received,
        })),
      });
      if (cluster !== null) found.push(cluster);
    }
    return found.sort((a, b) => (a.id < b.id ? -1 : 1));
  }

  /** Configured seeds, or the default rule: old, diverse, flag-free by the scorer, plus issuers' long-time holders. */
  private async seeds(): Promise<{ seeds: Address[]; flagged: Address[] }> {
    if (this.settings.seeds !== null) return { seeds: [...this.settings.seeds], flagged: [] };
    const candidates = this.graph.seedCandidates(
      GRAPH_TRUST.seedMinAgeDays,
      GRAPH_TRUST.seedMinCounterparties,
      GRAPH_TRUST.seedMaxCandidates,
    );
    const flags = await this.flagCounts(candidates.map((c) => c.address));
    const seeds = new Set<Address>();
    const flagged: Address[] = [];
    for (const c of candidates) {
      const flagCount = flags.get(c.address);
      if (flagCount === undefined) continue;
      if (isDefaultSeed({ ...c, flagCount })) seeds.add(c.address);
      else if (flagCount > 0) flagged.push(c.address);
    }
    const holders = this.graph.longTimeHolders(
      this.settings.officialIssuers,
      GRAPH_TRUST.issuerHolderMinDays,
      GRAPH_TRUST.seedMaxIssuerHolders,
    );
    for (const h of holders) if (!flagged.includes(h)) seeds.add(h);
    return { seeds: [...seeds].sort(), flagged };
  }

  private async flagCounts(wallets: readonly Address[]): Promise<ReadonlyMap<Address, number>> {
    const nowMs = this.clock.nowMs();
    const stale = wallets.filter((w) => {
      const known = this.seedFlags.get(w);
      return known === undefined || nowMs - known.atMs > GRAPH_TRUST.seedRescoreMs;
    });
    if (stale.length > 0) {
      const fresh = await this.seedScores.flagCounts(stale)();
      for (const [w, count] of fresh) this.seedFlags.set(w, { count, atMs: nowMs });
    }
    const out = new Map<Address, number>();
    for (const w of wallets) {
      const known = this.seedFlags.get(w);
      if (known !== undefined) out.set(w, known.count);
    }
    return out;
  }

  private now(): string {
    return new Date(this.clock.nowMs()).toISOString();
  }
}

export function rankOptions() {
  return {
    damping: GRAPH_TRUST.damping,
    discount: GRAPH_TRUST.flaggedEdgeDiscount,
    maxIterations: GRAPH_TRUST.pageRankMaxIterations,
    tolerance: GRAPH_TRUST.pageRankTolerance,
  };
}
