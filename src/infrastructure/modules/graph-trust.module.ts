import type { Container, Newable } from "inversify";
import type pg from "pg";
import type { Logger } from "pino";
import { InMemoryGraphTrustStore } from "../../adapters/storage/in-memory-graph-trust-store.adapter";
import { GraphTrustSeedScoresFromScoring } from "../../application/bridges/graph-trust-seed-scores.bridge";
import { GraphSignals } from "../../application/ports/graph-signals.port";
import { GraphTrustStore } from "../../application/ports/graph-trust-store.port";
import { TransferGraph } from "../../application/ports/transfer-graph.port";
import { GetSybilCluster } from "../../application/use-cases/graph-trust/get-sybil-cluster.use-case";
import { GraphTrustSeedScores } from "../../application/use-cases/graph-trust/graph-trust-seed-scores.port";
import { GraphTrustSettings } from "../../application/use-cases/graph-trust/graph-trust-settings";
import { GraphSignalsFromGraphTrust } from "../../application/use-cases/graph-trust/graph-signals";
import { QueryGraphTrust } from "../../application/use-cases/graph-trust/query-graph-trust.use-case";
import { ReadGraphTrust } from "../../application/use-cases/graph-trust/read-graph-trust.use-case";
import { RecomputeGraphTrust } from "../../application/use-cases/graph-trust/recompute-graph-trust.use-case";
import type { Config } from "../config/config";
import { GraphTrustComputeLease, sharedGraphTrust } from "../graph-trust-sharing";
import type { MarketSettings } from "../market-settings";
import { platformAuth } from "../../adapters/http/middleware/bearer-key-auth";
import { graphTrustRoutes } from "../../adapters/http/routes/graph-trust.routes";
import { GraphTrustWorker } from "../../adapters/workers/graph-trust.worker";
import type { FeatureModule } from "../feature-module";

export interface GraphTrustSharing {
  readonly chainId: number;
  readonly database: pg.Pool | null;
  readonly logger: Logger;
}

/** Graph trust in process memory, or (RPC mode with DATABASE_URL) computed once and shared through PostgreSQL. */
export function bindGraphTrust(
  container: Container,
  config: Config,
  market: MarketSettings,
  graph: TransferGraph,
  sharing: GraphTrustSharing,
): void {
  container.bind(TransferGraph).toConstantValue(graph);
  const shared = sharedGraphTrust(config, sharing.chainId, sharing.database, sharing.logger);
  container.bind(GraphTrustStore).toConstantValue(shared?.store ?? new InMemoryGraphTrustStore());
  if (shared !== null) container.bind(GraphTrustComputeLease).toConstantValue(shared.lease);
  container.bind(GraphSignals).to(GraphSignalsFromGraphTrust);
  container.bind(GraphTrustSeedScores).to(GraphTrustSeedScoresFromScoring);
  container.bind(GraphTrustSettings).toConstantValue({
    officialIssuers: market.officialIssuers,
    moneyTokens: [...new Set([...market.officialIssuers, ...market.quoteTokens])],
    seeds: config.env.GRAPH_TRUST_SEEDS ?? null,
  } satisfies GraphTrustSettings);
}

/** Graph trust's use cases, bound by the composition root and resolved by its smoke test. */
export const GRAPH_TRUST_USE_CASES: readonly Newable<object>[] = [
  RecomputeGraphTrust,
  ReadGraphTrust,
  QueryGraphTrust,
  GetSybilCluster,
];

/**
 * Graph trust: its query routes; its worker makes a first recompute (or, with a shared store and another instance
 * holding its lease, a first read).
 */
export const graphTrustModule: FeatureModule = {
  name: "graph-trust",
  useCases: GRAPH_TRUST_USE_CASES,
  bind: ({ container, runtime, database }) =>
    bindGraphTrust(container, runtime.config, runtime.market, runtime.chain.transferGraph, {
      chainId: runtime.chain.chainId,
      database,
      logger: runtime.logger,
    }),
  routes: ({ container, config, limited }) => [
    graphTrustRoutes({
      queryGraphTrust: container.get(QueryGraphTrust),
      getSybilCluster: container.get(GetSybilCluster),
      platformAuth: platformAuth(config.env.PLATFORM_API_KEYS),
      rateLimit: limited("graph-trust", config.env.GRAPH_TRUST_RATE_LIMIT_PER_MINUTE),
    }),
  ],
  workers: ({ container, config, logger }) => [
    new GraphTrustWorker(
      container.get(RecomputeGraphTrust),
      container.get(ReadGraphTrust),
      logger,
      config.env.GRAPH_TRUST_RECOMPUTE_SECONDS * 1000,
      container.isBound(GraphTrustComputeLease) ? container.get(GraphTrustComputeLease) : null,
    ),
  ],
};
