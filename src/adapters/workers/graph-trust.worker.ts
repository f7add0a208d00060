import type { RecomputeGraphTrust } from "../../application/use-cases/graph/recompute-graph-trust.use-case";
import { singleFlightTimer, type SingleFlight } from "./single-flight-timer";
import type { Worker, WorkerLog } from "./worker";

/**
 * Recomputes graph trust on a schedule (GRAPH_TRUST_RECOMPUTE_SECONDS): clusters and PageRank reflect the
 * graph's block at that moment (`asOfBlock`); a recompute with no new block is skipped by the use case, and
 * one that outlasts its interval is joined by the next tick, never started twice.
 */
export class GraphTrustWorker implements Worker {
  readonly name = "graph trust";
  private timer: SingleFlight | undefined;

  constructor(
    private readonly recompute: RecomputeGraphTrust,
    private readonly log: WorkerLog,
    private readonly intervalMs: number,
  ) {}

  /** Starts the schedule and resolves after a first recompute. */
  async start(): Promise<void> {
    this.timer ??= singleFlightTimer({
      intervalMs: this.intervalMs,
      work: async () => {
        const s = await this.recompute.execute()();
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
  }
}
