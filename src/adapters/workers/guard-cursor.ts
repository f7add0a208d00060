import type { BlockStream } from "../../application/ports/block-stream.port";
import type { WatchBlock } from "../../application/use-cases/protocol-guard/watch-block.use-case";
import { retryDelayMs } from "../../domain/protocol-guard/poison-block";
import { RETRY_BASE_MS, RETRY_CAP_MS, type TriesControl } from "./guard-block-tries";
import type { WorkerLog } from "./worker";

/**
 * Where a Protocol Guard watcher (in-process or queued) starts: its cursor, checked against the chain (a cursor
 * whose block is not on this chain restarts at the stream's head, said at error). The last block already watched;
 * null when the watcher has no cursor (it starts at the head).
 */
export async function resumeGuardCursor(
  watcher: WatchBlock,
  stream: BlockStream,
  log: WorkerLog,
): Promise<number | null> {
  const { reset } = await watcher.resume(stream.latest);
  if (reset !== null)
    log.error({ cursor: reset }, "the Protocol Guard cursor's block is not on this chain; watching from the head");
  const position = await watcher.position();
  return position === null ? null : position.number;
}

/** After a reorganisation: the shared cursor back to the ancestor, retried until it is (or the caller stops). */
export async function rewindGuardCursor(
  watcher: WatchBlock,
  ancestor: { readonly number: number; readonly hash: string },
  log: WorkerLog,
  control: TriesControl,
): Promise<void> {
  for (let attempt = 1; !control.stopped(); attempt++) {
    try {
      await watcher.rewind(ancestor);
      return;
    } catch (error) {
      log.warn({ err: error, ancestor }, "guard watch cursor not rewound; retrying");
      await control.pause(retryDelayMs(attempt, RETRY_BASE_MS, RETRY_CAP_MS));
    }
  }
}
