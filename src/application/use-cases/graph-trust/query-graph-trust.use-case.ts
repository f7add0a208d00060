import * as E from "fp-ts/Either";
import type * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import { graphTrustScores, NO_GRAPH_TRUST, type GraphTrust } from "../../../domain/graph-trust/graph-trust";
import type { GraphTrustRequest } from "../../../domain/graph-trust/graph-trust-request";
import { Clock } from "../../ports/clock.port";
import { TransferGraph } from "../../ports/transfer-graph.port";
import type { GraphTrustAnswer, GraphTrustFailure } from "./graph-trust-answer";
import { ReadGraphTrust } from "./read-graph-trust.use-case";
import { rankOptions } from "./recompute-graph-trust.use-case";

/** Neighbours read per address before the most trusted are kept. */
const NEIGHBOURS_READ = 25;
const NEIGHBOURS_SHOWN = 5;

/**
 * graphTrust, percentile, cluster and most trusted neighbours of each address, from the latest recompute
 * (not ready until one has finished). With caller seeds, PageRank is run again from them, against the same
 * graph and the same discounted (clustered) wallets.
 */
@injectable()
export class QueryGraphTrust {
  constructor(
    @inject(ReadGraphTrust) private readonly read: ReadGraphTrust,
    @inject(TransferGraph) private readonly graph: TransferGraph,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(request: GraphTrustRequest): TE.TaskEither<GraphTrustFailure, GraphTrustAnswer> {
    return async () => {
      const read = await this.read.execute()();
      if (E.isLeft(read)) return read;
      const snapshot = read.right;
      let trust: ReadonlyMap<Address, GraphTrust> = snapshot.trust;
      let computedAt = snapshot.computedAt;
      if (request.seeds !== null) {
        const discounted = new Set(snapshot.clusterOf.keys());
        trust = graphTrustScores(this.graph.personalizedRank(request.seeds, discounted, rankOptions()));
        computedAt = new Date(this.clock.nowMs()).toISOString();
      }
      const results = request.addresses.map((address) => {
        const own = trust.get(address) ?? NO_GRAPH_TRUST;
        const topTrustedNeighbours = this.graph
          .neighbours(address, NEIGHBOURS_READ)
          .map((n) => ({ address: n, ...(trust.get(n) ?? NO_GRAPH_TRUST) }))
          .filter((n) => n.graphTrust > 0)
          .sort((a, b) => b.graphTrust - a.graphTrust || (a.address < b.address ? -1 : 1))
          .slice(0, NEIGHBOURS_SHOWN);
        return { address, ...own, cluster: snapshot.clusterOf.get(address) ?? null, topTrustedNeighbours };
      });
      return E.right({ results, asOfBlock: snapshot.asOfBlock, computedAt });
    };
  }
}
