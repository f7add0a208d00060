import type { Container } from "inversify";
import type { Logger } from "pino";
import type { BlockStream } from "../application/ports/block-stream.port";
import { GuardWatchWorker } from "../adapters/workers/guard-watch.worker";
import { guardJobsSchema, PgBossGuardBlockJobs } from "../adapters/workers/pg-boss-guard-block-jobs.adapter";
import { QueuedGuardWatchWorker } from "../adapters/workers/queued-guard-watch.worker";
import type { Worker } from "../adapters/workers/worker";
import { WatchBlock } from "../application/use-cases/protocol-guard/watch-block.use-case";
import { WatchBlockOrSkip } from "../application/use-cases/protocol-guard/watch-block-or-skip.use-case";
import type { Config } from "./config/config";

/** Protocol Guard's watcher as the composition root starts it. */
export interface GuardWatcher extends Worker {
  /** Resolves once the blocks handed over so far are watched (the application's guardIdle()). */
  idle(): Promise<void>;
}

/**
 * GUARD_WORK_QUEUE=inline (the default, and the embedded one): every process watches every block it
 * follows, as before. pg-boss: the blocks are queued in PostgreSQL, one job per partition of the
 * subscriptions (GUARD_WORK_PARTITIONS), and each is watched once, by one of the instances (see
 * QueuedGuardWatchWorker).
 */
export function guardWatcher(container: Container, stream: BlockStream, config: Config, logger: Logger): GuardWatcher {
  const watch = container.get(WatchBlock);
  const policy = container.get(WatchBlockOrSkip);
  const url = config.env.DATABASE_URL;
  if (config.env.GUARD_WORK_QUEUE === "inline" || url === undefined)
    return new GuardWatchWorker(watch, policy, stream, logger);
  let jobs: PgBossGuardBlockJobs | undefined;
  let worker: QueuedGuardWatchWorker | undefined;
  return {
    name: "Protocol Guard watcher (shared queue)",
    start: async () => {
      jobs = new PgBossGuardBlockJobs({
        connectionString: url,
        schema: await guardJobsSchema(url),
        chainId: config.env.CHAIN_ID,
        heartbeatSeconds: config.env.GUARD_JOB_HEARTBEAT_SECONDS,
        partitions: config.env.GUARD_WORK_PARTITIONS,
        onError: (error) => logger.warn({ err: error }, "Protocol Guard job queue error"),
      });
      await jobs.start();
      worker = new QueuedGuardWatchWorker(watch, policy, stream, jobs, logger, config.env.REORG_MAX_DEPTH);
      await worker.start();
      logger.info(
        { partitions: config.env.GUARD_WORK_PARTITIONS },
        "Protocol Guard works blocks from the shared queue (pg-boss)",
      );
    },
    idle: () => worker?.idle() ?? Promise.resolve(),
    stop: async () => {
      await worker?.stop();
      await jobs?.stop();
    },
  };
}
