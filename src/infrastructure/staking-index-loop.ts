import * as E from "fp-ts/Either";
import type { Logger } from "pino";
import type { IndexStakingBlocks } from "../application/use-cases/staking/index-staking-blocks.use-case";

export interface StakingIndexLoop {
  /** Indexes up to the head (or the explorer index's head) once; resolves when caught up. */
  catchUp(): Promise<void>;
  /** No new passes; resolves once a pass under way has finished (so its reader may be closed). */
  stop(): Promise<void>;
}

/**
 * Keeps the staking leaderboard current: catch up at start, then one pass per interval. Passes
 * never overlap, and none runs ahead of our own explorer index (`upTo`), which the indexer reads
 * deployer facts from.
 */
export function startStakingIndexLoop(
  indexer: IndexStakingBlocks,
  upTo: () => number | undefined,
  logger: Logger,
  intervalMs = 2_000,
): StakingIndexLoop {
  let running: Promise<void> | null = null;
  const pass = async () => {
    for (;;) {
      const step = await indexer.execute(upTo())();
      if (E.isLeft(step)) {
        logger.warn({ cause: step.left.cause.detail }, "staking index pass failed");
        return;
      }
      if (step.right.caughtUp) return;
    }
  };
  const catchUp = () => (running ??= pass().finally(() => (running = null)));
  const timer = setInterval(() => void catchUp(), intervalMs);
  timer.unref();
  return {
    catchUp,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
