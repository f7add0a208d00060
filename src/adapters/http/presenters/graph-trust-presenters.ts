import type { GraphTrustAnswer } from "../../../application/use-cases/graph-trust/graph-trust-answer";
import type { SybilCluster } from "../../../domain/graph-trust/cluster-types";

const clusterSummary = (c: SybilCluster) => ({
  id: c.id,
  size: c.members.length,
  confidence: c.confidence,
  evidence: c.evidence,
});

/** POST /api/graph-trust: `{results: [{address, graphTrust, percentile, cluster, topTrustedNeighbours}], asOfBlock, computedAt}`. */
export function graphTrustBody(answer: GraphTrustAnswer) {
  return {
    results: answer.results.map((r) => ({
      address: r.address,
      graphTrust: r.graphTrust,
      percentile: r.percentile,
      cluster: r.cluster === null ? null : clusterSummary(r.cluster),
      topTrustedNeighbours: r.topTrustedNeighbours,
    })),
    asOfBlock: answer.asOfBlock,
    computedAt: answer.computedAt,
  };
}

/** GET /api/graph-trust/cluster/{id}: the cluster with its members. */
export function clusterBody(found: { cluster: SybilCluster; asOfBlock: number; computedAt: string }) {
  return {
    ...clusterSummary(found.cluster),
    members: found.cluster.members,
    asOfBlock: found.asOfBlock,
    computedAt: found.computedAt,
  };
}
