import type { Container } from "inversify";
import type { Logger } from "pino";
import type { Worker } from "../adapters/workers/worker";
import type { ChainRuntime } from "./chain-runtime";
import type { Config } from "./config/config";
import { MODULES } from "./container";

export interface RunningWorkers {
  /** Resolves once every worker that can say so (Protocol Guard's watcher) has done the work handed to it so far. */
  idle(): Promise<void>;
  /** Stops every worker started, in reverse order. */
  stop(): Promise<void>;
}

/** A worker that can say when the work handed to it so far is done (the application's guardIdle()). */
const canIdle = (worker: Worker): worker is Worker & { idle(): Promise<void> } =>
  typeof (worker as Partial<{ idle: unknown }>).idle === "function";

/**
 * The process's background workers, module by module in MODULES order: the staking index (caught up before the
 * service answers), alert delivery, the Protocol Guard watcher, graph trust (a first recompute, or with a shared
 * store and another instance holding its lease, a first read). The block stream they read is the chain runtime's,
 * already caught up.
 */
export async function startWorkers(
  container: Container,
  chain: Pick<ChainRuntime, "blockStream" | "localIndex">,
  config: Config,
  logger: Logger,
): Promise<RunningWorkers> {
  const context = { container, chain, config, logger };
  const workers: readonly Worker[] = MODULES.flatMap((module) => module.workers?.(context) ?? []);
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
  const idlers = workers.filter(canIdle);
  return { idle: async () => void (await Promise.all(idlers.map((worker) => worker.idle()))), stop };
}
