import type { Address } from "../../../domain/chain/address";
import type { SybilCluster } from "../../../domain/graph-trust/cluster-types";
import type { GraphTrust } from "../../../domain/graph-trust/graph-trust";

export interface GraphTrustResult {
  readonly address: Address;
  readonly graphTrust: number;
  readonly percentile: number;
  readonly cluster: SybilCluster | null;
  readonly topTrustedNeighbours: readonly ({ readonly address: Address } & GraphTrust)[];
}

export interface GraphTrustAnswer {
  readonly results: readonly GraphTrustResult[];
  readonly asOfBlock: number;
  readonly computedAt: string;
}

/** No snapshot yet: no recompute has finished anywhere (with DATABASE_URL, the lease holder's first). */
export type GraphTrustFailure = { readonly _tag: "GraphTrustNotReady" };

export type GraphTrustClusterFailure = GraphTrustFailure | { readonly _tag: "ClusterNotFound" };
