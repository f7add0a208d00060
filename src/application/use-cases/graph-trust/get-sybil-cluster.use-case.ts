import * as E from "fp-ts/Either";
import type * as TE from "fp-ts/TaskEither";
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
  ): TE.TaskEither<GraphTrustClusterFailure, { cluster: SybilCluster; asOfBlock: number; computedAt: string }> {
    return async () => {
      const read = await this.read.execute()();
      if (E.isLeft(read)) return read;
      const snapshot = read.right;
      const cluster = snapshot.clusters.find((c) => c.id === id);
      if (cluster === undefined) return E.left({ _tag: "ClusterNotFound" });
      return E.right({ cluster, asOfBlock: snapshot.asOfBlock, computedAt: snapshot.computedAt });
    };
  }
}
