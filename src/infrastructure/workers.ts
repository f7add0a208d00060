import type { Container } from "inversify";
import type { Logger } from "pino";
import { DeliveryWorker } from "../adapters/workers/delivery.worker";
import { GraphTrustWorker } from "../adapters/workers/graph-trust.worker";
import { StakingIndexWorker } from "../adapters/workers/staking-index.worker";
import type { Worker } from "../adapters/workers/worker";
import { ReadGraphTrust } from "../application/use-cases/graph-trust/read-graph-trust.use-case";
import { RecomputeGraphTrust } from "../application/use-cases/graph-trust/recompute-graph-trust.use-case";
import { IndexStakingBlocks } from "../application/use-cases/staking/index-staking-blocks.use-case";
import type { ChainRuntime } from "./chain-runtime";
import type { Config } from "./config/config";
import { guardWatcher, type GuardWatcher } from "./guard-watcher";
import { GraphTrustComputeLease } from "./graph-trust-sharing";

export interface RunningWorkers {
  /** Protocol Guard's watcher (its idle() is the application's guardIdle()). */
  readonly guard: GuardWatcher;
  /** Stops every worker started, in reverse order. */
  stop(): Promise<void>;
}

/**
 * The process's background workers, in start order: the staking index (caught up before the service
 * answers), alert delivery, the Protocol Guard watcher, graph trust (a first recompute, or with a shared
 * store and another instance holding its lease, a first read). The block
 * stream they read is the chain runtime's, already caught up.
 */
export async function startWorkers(
  container: Container,
  chain: Pick<ChainRuntime, "blockStream" | "localIndex">,
  config: Config,
  logger: Logger,
): Promise<RunningWorkers> {
  const guard = guardWatcher(container, chain.blockStream, config, logger);
  const workers: readonly Worker[] = [
    new StakingIndexWorker(
      container.get(IndexStakingBlocks),
      chain.blockStream,
      () => chain.localIndex?.syncedTo,
      logger,
    ),
    container.get(DeliveryWorker),
    guard,
    new GraphTrustWorker(
      container.get(RecomputeGraphTrust),
      container.get(ReadGraphTrust),
      logger,
      config.env.GRAPH_TRUST_RECOMPUTE_SECONDS * 1000,
      container.isBound(GraphTrustComputeLease) ? container.get(GraphTrustComputeLease) : null,
    ),
  ];
  const started: Worker[] = [];
  const stop = async () => {
    for (const worker of started.reverse()) await worker.stop();
    started.length = 0;
  };
  try {
    for (const worker of workers) {
      started.push(worker);
      await worker.start();
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { guard, stop };
}
