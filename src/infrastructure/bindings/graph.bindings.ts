import type { Container, Newable } from "inversify";
import { InMemoryGraphTrustStore } from "../../adapters/graph/in-memory-graph-trust-store.adapter";
import { GraphSeedScoresFromScoring } from "../../application/bridges/graph-seed-scores.bridge";
import { GraphSignals } from "../../application/ports/graph-signals.port";
import { GraphTrustStore } from "../../application/ports/graph-trust-store.port";
import { TransferGraph } from "../../application/ports/transfer-graph.port";
import { GetSybilCluster } from "../../application/use-cases/graph/get-sybil-cluster.use-case";
import { GraphSeedScores } from "../../application/use-cases/graph/graph-seed-scores.port";
import { GraphSettings } from "../../application/use-cases/graph/graph-settings";
import { GraphSignalsFromGraph } from "../../application/use-cases/graph/graph-signals";
import { QueryGraphTrust } from "../../application/use-cases/graph/query-graph-trust.use-case";
import { RecomputeGraphTrust } from "../../application/use-cases/graph/recompute-graph-trust.use-case";
import type { Config } from "../config/config";
import type { MarketSettings } from "./market-settings";

export function bindGraph(container: Container, config: Config, market: MarketSettings, graph: TransferGraph): void {
  container.bind(TransferGraph).toConstantValue(graph);
  container.bind(GraphTrustStore).toConstantValue(new InMemoryGraphTrustStore());
  container.bind(GraphSignals).to(GraphSignalsFromGraph);
  container.bind(GraphSeedScores).to(GraphSeedScoresFromScoring);
  container.bind(GraphSettings).toConstantValue({
    officialIssuers: market.officialIssuers,
    moneyTokens: [...new Set([...market.officialIssuers, ...market.quoteTokens])],
    seeds: config.env.GRAPH_TRUST_SEEDS ?? null,
  } satisfies GraphSettings);
}

/** Graph trust's use cases, bound by the composition root and resolved by its smoke test. */
export const GRAPH_USE_CASES: readonly Newable<object>[] = [RecomputeGraphTrust, QueryGraphTrust, GetSybilCluster];
