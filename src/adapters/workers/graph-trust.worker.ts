import type { ReadGraphTrust } from "../../application/use-cases/graph-trust/read-graph-trust.use-case";
import type { RecomputeGraphTrust } from "../../application/use-cases/graph-trust/recompute-graph-trust.use-case";
import { singleFlightTimer, type SingleFlight } from "./single-flight-timer";
import type { Worker, WorkerLog } from "./worker";
import { infallible } from "../../application/infallible";

/** The deployment's graph-trust lease (PostgresLease on `graph_trust_lease`): who recomputes. */
export interface GraphTrustComputeLease {
  /** True while this instance holds it. */
  readonly held: boolean;
  start(): Promise<void>;
  /** Hands it back, so another instance takes over without waiting for it to expire. */
  stop(): Promise<void>;
}

/**
 * Keeps graph trust current on a schedule (GRAPH_TRUST_RECOMPUTE_SECONDS). Without a lease (no
 * DATABASE_URL) this instance is the only one and recomputes; with one, only the holder recomputes and
 * saves the snapshot, and the others read it from the store at each tick. A recompute with no new block
 * is skipped by the use case, and one that outlasts its interval is joined by the next tick, never started
 * twice.
 */
export class GraphTrustWorker implements Worker {
  readonly name = "graph trust";
  private timer: SingleFlight | undefined;

  constructor(
    private readonly recompute: Pick<RecomputeGraphTrust, "execute">,
    private readonly read: Pick<ReadGraphTrust, "execute">,
    private readonly log: WorkerLog,
    private readonly intervalMs: number,
    private readonly lease: GraphTrustComputeLease | null = null,
  ) {}

  /** Takes part in the lease, starts the schedule and resolves after a first pass (a recompute, or a read). */
  async start(): Promise<void> {
    await this.lease?.start();
    this.timer ??= singleFlightTimer({
      intervalMs: this.intervalMs,
      work: async () => {
        if (this.lease !== null && !this.lease.held) {
          await this.read.execute()();
          return false;
        }
        const s = await infallible(this.recompute.execute());
        this.log.debug(
          { asOfBlock: s.asOfBlock, clusters: s.clusters.length, seeds: s.seeds.length },
          "graph trust recomputed",
        );
        return false;
      },
      onError: (error) => this.log.warn({ err: error }, "graph trust recompute failed"),
    });
    await this.timer.run();
  }

  async stop(): Promise<void> {
    await this.timer?.stop();
    await this.lease?.stop();
  }
}
