import * as T from "fp-ts/Task";
import { inject, injectable } from "inversify";
import { GraphTrustStore, type GraphTrustSnapshot } from "../../ports/graph-trust-store.port";

/**
 * The latest graph-trust snapshot, brought in from the store when another instance saved a newer one.
 * Null until a first recompute anywhere has finished. Answers never recompute: the worker does, on one
 * instance per deployment, and a request must not wait for Louvain on a large graph.
 */
@injectable()
export class ReadGraphTrust {
  constructor(@inject(GraphTrustStore) private readonly store: GraphTrustStore) {}

  execute(): T.Task<GraphTrustSnapshot | null> {
    return () => this.store.refresh();
  }
}
