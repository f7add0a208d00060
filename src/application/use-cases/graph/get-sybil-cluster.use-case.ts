import * as E from "fp-ts/Either";
import * as T from "fp-ts/Task";
import { inject, injectable } from "inversify";
import type { SybilCluster } from "../../../domain/graph/cluster-types";
import type { GraphClusterFailure } from "./graph-trust-answer";
import { RecomputeGraphTrust } from "./recompute-graph-trust.use-case";

/** One cluster of the latest recompute, with members and evidence. */
@injectable()
export class GetSybilCluster {
  constructor(@inject(RecomputeGraphTrust) private readonly recompute: RecomputeGraphTrust) {}

  execute(
    id: string,
  ): T.Task<E.Either<GraphClusterFailure, { cluster: SybilCluster; asOfBlock: number; computedAt: string }>> {
    return async () => {
      const snapshot = await this.recompute.execute()();
      const cluster = snapshot.clusters.find((c) => c.id === id);
      if (cluster === undefined) return E.left({ _tag: "ClusterNotFound" });
      return E.right({ cluster, asOfBlock: snapshot.asOfBlock, computedAt: snapshot.computedAt });
    };
  }
}
