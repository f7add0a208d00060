import type { Address } from "../../domain/chain/address";
import type { SybilCluster } from "../../domain/graph/cluster-types";
import type { GraphTrust } from "../../domain/graph/graph-trust";

/** One recompute of graph trust: what the API and scoring read until the next. */
export interface GraphTrustSnapshot {
  readonly asOfBlock: number;
  /** Wall clock, ISO 8601. */
  readonly computedAt: string;
  readonly seeds: readonly Address[];
  readonly trust: ReadonlyMap<Address, GraphTrust>;
  readonly clusters: readonly SybilCluster[];
  readonly clusterOf: ReadonlyMap<Address, SybilCluster>;
}

export interface GraphTrustStore {
  latest(): GraphTrustSnapshot | null;
  save(snapshot: GraphTrustSnapshot): void;
}

export const GraphTrustStore = Symbol.for("GraphTrustStore");
