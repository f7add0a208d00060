import type { Logger } from "pino";
import type { RecomputeGraphTrust } from "../application/use-cases/graph/recompute-graph-trust.use-case";

export interface GraphTrustLoop {
  /** Runs one recompute now (shared with one under way); resolves when it is done. */
  recompute(): Promise<void>;
  /** No new recomputes; resolves once one under way has finished. */
  stop(): Promise<void>;
}

/**
 * Recomputes graph trust on a schedule (GRAPH_TRUST_RECOMPUTE_SECONDS): clusters and PageRank reflect the
 * graph's block at that moment (`asOfBlock`); a recompute with no new block is skipped by the use case.
 */
export function startGraphTrustLoop(
  recompute: RecomputeGraphTrust,
  logger: Logger,
  intervalMs: number,
): GraphTrustLoop {
  let running: Promise<void> | null = null;
  const once = () =>
    (running ??= recompute
      .execute()()
      .then((s) =>
        logger.debug(
          { asOfBlock: s.asOfBlock, clusters: s.clusters.length, seeds: s.seeds.length },
          "graph trust recomputed",
        ),
      )
      .catch((error: unknown) => logger.warn({ err: error }, "graph trust recompute failed"))
      .finally(() => (running = null)));
  const timer = setInterval(() => void once(), intervalMs);
  timer.unref();
  return {
    recompute: once,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
