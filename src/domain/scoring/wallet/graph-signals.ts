import type { SybilCluster } from "../../graph-trust/cluster-types";
import { graphTrustBoost } from "../../graph-trust/graph-trust";
import { type Flag, raiseFlag, sample } from "../flag";
import type { WalletGraphInput } from "../profiles/wallet-profile";

/** SYBIL_CLUSTER with what a reader needs to check it: the cluster, its families and sample transactions. */
export function sybilClusterFlag(cluster: SybilCluster | null): Flag | null {
  if (cluster === null) return null;
  const families = cluster.evidence.map((e) => e.family);
  return raiseFlag("SYBIL_CLUSTER", {
    detail: `Member of sybil cluster ${cluster.id} (${cluster.members.length} wallets, confidence ${cluster.confidence}): ${families.join(", ")}.`,
    txHashes: sample(cluster.evidence.flatMap((e) => e.txHashes.slice(0, 3))),
    holders: sample(cluster.members),
    figures: {
      clusterId: cluster.id,
      size: cluster.members.length,
      families: families.join(","),
      confidence: cluster.confidence,
    },
  });
}

/** The boost graph trust offers (finalizeScore decides whether it applies, as for staking). */
export function graphBoostOffered(graph: WalletGraphInput | null | undefined): number {
  if (graph === null || graph === undefined || graph.cluster !== null) return 0;
  return graphTrustBoost(graph.graphTrust);
}
