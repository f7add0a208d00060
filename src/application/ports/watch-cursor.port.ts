import type { TaskEither } from "fp-ts/TaskEither";
import type { GuardPartition } from "../../domain/protocol-guard/guard-partition";
import type { UpstreamFailure } from "../failures";

/** The last block the Protocol Guard watcher finished, with its hash (to see a reorganisation). */
export interface WatchPosition {
  readonly number: number;
  readonly hash: string;
}

/**
 * Where the watcher is: durable in PostgreSQL, so a restart neither replays nor skips blocks. One position per
 * partition of the work (GUARD_WORK_PARTITIONS); without one, the whole chain's.
 */
export interface WatchCursor {
  read(partition?: GuardPartition): TaskEither<UpstreamFailure, WatchPosition | null>;
  write(position: WatchPosition, partition?: GuardPartition): TaskEither<UpstreamFailure, void>;
}

export const WatchCursor = Symbol.for("WatchCursor");
