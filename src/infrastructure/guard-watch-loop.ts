import * as E from "fp-ts/Either";
import type { Logger } from "pino";
import type { BlockFeed } from "../adapters/explorer/local-index/block-feed";
import type { WatchBlock } from "../application/use-cases/protocol-guard/watch-block.use-case";
import type { BlockActivity } from "../domain/protocol-guard/block-activity";

export interface GuardWatchLoop {
  /** Resolves once every block handed over so far has been processed. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** A block that failed (storage or scoring down) is retried after this long, never skipped. */
const RETRY_MS = 2_000;

/**
 * Feeds the watcher from the block feed, one block at a time and in order. A block that cannot be
 * processed is retried until it is (the cursor does not move past it). A reorganisation deeper
 * than the confirmation lag and blocks that never reached the watcher are logged as errors.
 */
export async function startGuardWatchLoop(
  watcher: WatchBlock,
  feed: BlockFeed,
  logger: Logger,
): Promise<GuardWatchLoop> {
  const { reset } = await watcher.resume(feed.latest);
  if (reset !== null)
    logger.error({ cursor: reset }, "the Protocol Guard cursor's block is not on this chain; watching from the head");
  const position = await watcher.position();
  let stopped = false;
  let chain: Promise<void> = Promise.resolve();
  const process = async (block: BlockActivity) => {
    while (!stopped) {
      const outcome = await watcher.execute(block);
      if (E.isLeft(outcome)) {
        logger.warn({ block: block.number, detail: outcome.left.detail }, "guard watch failed; retrying");
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        continue;
      }
      const result = outcome.right;
      if (result.kind === "reorg")
        logger.error(result, "chain reorganised below the Protocol Guard cursor (deeper than the confirmation lag)");
      if (result.kind === "gap") logger.error(result, "blocks never reached the Protocol Guard watcher");
      if (result.kind !== "skipped" && result.events > 0) logger.info(result, "guard watched block");
      return;
    }
  };
  const resumeFrom = position === null ? -1 : position.number + 1;
  await feed.start(resumeFrom, (block) => {
    chain = chain.then(() => process(block));
  });
  return {
    idle: () => chain,
    stop: async () => {
      stopped = true;
      await feed.stop();
      await chain;
    },
  };
}
