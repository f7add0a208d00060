import type { Address } from "../../chain/address";
import { GRAPH_TRUST } from "../../graph-trust/graph-trust-thresholds";
import { type Flag, raiseFlag, sample } from "../flag";

export interface HolderCluster {
  readonly id: string;
  readonly size: number;
}

/** HOLDERS_IN_ONE_CLUSTER: a large share of the assessed holders belongs to one sybil cluster. */
export function holdersInOneClusterFlag(
  assessed: readonly Address[],
  clusterOf: ReadonlyMap<Address, HolderCluster>,
): Flag | null {
  if (assessed.length === 0) return null;
  const byCluster = new Map<string, Address[]>();
  for (const holder of assessed) {
    const c = clusterOf.get(holder);
    if (c !== undefined) byCluster.set(c.id, [...(byCluster.get(c.id) ?? []), holder]);
  }
  let best: [string, Address[]] | null = null;
  for (const entry of byCluster) if (entry[1].length > (best?.[1].length ?? 0)) best = entry;
  if (best === null || best[1].length < GRAPH_TRUST.holdersClusterMinHolders) return null;
  const share = best[1].length / assessed.length;
  if (share < GRAPH_TRUST.holdersClusterMinShare) return null;
  return raiseFlag(
    "HOLDERS_IN_ONE_CLUSTER",
    {
      detail: `${best[1].length} of ${assessed.length} assessed holders (${Math.round(share * 100)}%) belong to sybil cluster ${best[0]}.`,
      holders: sample(best[1]),
      figures: { clusterId: best[0], clusterHolders: best[1].length, assessedHolders: assessed.length, share },
    },
    share >= GRAPH_TRUST.holdersClusterHighShare ? { severity: "high", points: -20 } : undefined,
  );
}
