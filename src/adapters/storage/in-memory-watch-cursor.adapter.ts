import * as TE from "fp-ts/TaskEither";
import { injectable } from "inversify";
import type { UpstreamFailure } from "../../application/failures";
import type { WatchCursor, WatchPosition } from "../../application/ports/watch-cursor.port";
import { partitionSuffix, WHOLE_CHAIN, type GuardPartition } from "../../domain/protocol-guard/guard-partition";

/** The watcher's position (one per partition of its work) in memory: a restart starts watching from the head again. */
@injectable()
export class InMemoryWatchCursor implements WatchCursor {
  private readonly positions = new Map<string, WatchPosition>();

  read(partition: GuardPartition = WHOLE_CHAIN): TE.TaskEither<UpstreamFailure, WatchPosition | null> {
    return TE.fromIO(() => this.positions.get(partitionSuffix(partition)) ?? null);
  }

  write(position: WatchPosition, partition: GuardPartition = WHOLE_CHAIN): TE.TaskEither<UpstreamFailure, void> {
    return TE.fromIO(() => {
      this.positions.set(partitionSuffix(partition), position);
    });
  }
}
