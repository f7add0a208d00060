import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import { GraphTrustStore, type GraphTrustSnapshot } from "../../ports/graph-trust-store.port";
import type { GraphTrustFailure } from "./graph-trust-answer";

/**
 * The latest graph-trust snapshot, brought in from the store when another instance saved a newer one.
 * GraphTrustNotReady until a first recompute anywhere has finished. Answers never recompute: the worker does, on one
 * instance per deployment, and a request must not wait for Louvain on a large graph.
 */
@injectable()
export class ReadGraphTrust {
  constructor(@inject(GraphTrustStore) private readonly store: GraphTrustStore) {}

  execute(): TE.TaskEither<GraphTrustFailure, GraphTrustSnapshot> {
    return async () => {
      const snapshot = await this.store.refresh();
      return snapshot === null ? E.left({ _tag: "GraphTrustNotReady" }) : E.right(snapshot);
    };
  }
}
