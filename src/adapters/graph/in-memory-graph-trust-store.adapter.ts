import type { GraphTrustSnapshot, GraphTrustStore } from "../../application/ports/graph-trust-store.port";

/** The latest graph-trust snapshot, in process memory (recomputed from the chain after a restart). */
export class InMemoryGraphTrustStore implements GraphTrustStore {
  private current: GraphTrustSnapshot | null = null;

  latest(): GraphTrustSnapshot | null {
    return this.current;
  }

  save(snapshot: GraphTrustSnapshot): void {
    this.current = snapshot;
  }
}
