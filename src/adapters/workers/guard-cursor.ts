import type { BlockStream } from "../../application/ports/block-stream.port";
import type { WatchBlock } from "../../application/use-cases/protocol-guard/watch-block.use-case";
import { WHOLE_CHAIN, type GuardPartition } from "../../domain/protocol-guard/guard-partition";
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
  partitions: readonly GuardPartition[] = [WHOLE_CHAIN],
): Promise<number | null> {
  // Partitioned, the stream starts after the furthest-behind partition: partitions further on skip what they did.
  let behind: number | null = null;
  for (const partition of partitions) {
    const { reset } = await watcher.resume(stream.latest, partition);
    if (reset !== null)
      log.error(
        { cursor: reset, partition: partition.index },
        "the Protocol Guard cursor's block is not on this chain; watching from the head",
      );
    const position = await watcher.position(partition);
    if (position === null) return null;
    behind = behind === null ? position.number : Math.min(behind, position.number);
  }
  return behind;
}

/**
 * After a reorganisation: the shared cursor (every partition's) back to the ancestor, retried until it is (or the
 * caller stops).
 */
export async function rewindGuardCursor(
  watcher: WatchBlock,
  ancestor: { readonly number: number; readonly hash: string },
  log: WorkerLog,
  control: TriesControl,
  partitions: readonly GuardPartition[] = [WHOLE_CHAIN],
): Promise<void> {
  for (let attempt = 1; !control.stopped(); attempt++) {
    try {
      for (const partition of partitions) await watcher.rewind(ancestor, partition);
      return;
    } catch (error) {
      log.warn({ err: error, ancestor }, "guard watch cursor not rewound; retrying");
      await control.pause(retryDelayMs(attempt, RETRY_BASE_MS, RETRY_CAP_MS));
    }
  }
}
