import {
  newerSnapshot,
  type GraphTrustSnapshot,
  type GraphTrustStore,
} from "../../application/ports/graph-trust-store.port";

/**
 * The latest graph-trust snapshot, in process memory (recomputed from the chain after a restart): the
 * store of a single instance, without DATABASE_URL.
 */
export class InMemoryGraphTrustStore implements GraphTrustStore {
  private saved: GraphTrustSnapshot | null = null;
  private interim: GraphTrustSnapshot | null = null;

  latest(): GraphTrustSnapshot | null {
    return this.interim !== null && newerSnapshot(this.interim, this.saved) ? this.interim : this.saved;
  }

  showInterim(snapshot: GraphTrustSnapshot): void {
    this.interim = snapshot;
  }

  async save(snapshot: GraphTrustSnapshot): Promise<boolean> {
    this.interim = null;
    if (!newerSnapshot(snapshot, this.saved)) return false;
    this.saved = snapshot;
    return true;
  }

  async refresh(): Promise<GraphTrustSnapshot | null> {
    return this.latest();
  }
}
