import * as E from "fp-ts/Either";
import * as T from "fp-ts/Task";
import { inject, injectable } from "inversify";
import type { SybilCluster } from "../../../domain/graph-trust/cluster-types";
import type { GraphTrustClusterFailure } from "./graph-trust-answer";
import { ReadGraphTrust } from "./read-graph-trust.use-case";

/** One cluster of the latest recompute, with members and evidence. */
@injectable()
export class GetSybilCluster {
  constructor(@inject(ReadGraphTrust) private readonly read: ReadGraphTrust) {}

  execute(
    id: string,
  ): T.Task<E.Either<GraphTrustClusterFailure, { cluster: SybilCluster; asOfBlock: number; computedAt: string }>> {
    return async () => {
      const snapshot = await this.read.execute()();
      if (snapshot === null) return E.left({ _tag: "GraphTrustNotReady" });
      const cluster = snapshot.clusters.find((c) => c.id === id);
      if (cluster === undefined) return E.left({ _tag: "ClusterNotFound" });
      return E.right({ cluster, asOfBlock: snapshot.asOfBlock, computedAt: snapshot.computedAt });
    };
  }
}
