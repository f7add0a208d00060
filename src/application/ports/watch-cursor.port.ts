import type { TaskEither } from "fp-ts/TaskEither";
import type { UpstreamFailure } from "../failures";

/** The last block the Protocol Guard watcher finished, with its hash (to see a reorganisation). */
export interface WatchPosition {
  readonly number: number;
  readonly hash: string;
}

/** Where the watcher is: durable in PostgreSQL, so a restart neither replays nor skips blocks. */
export interface WatchCursor {
  read(): TaskEither<UpstreamFailure, WatchPosition | null>;
  write(position: WatchPosition): TaskEither<UpstreamFailure, void>;
}

export const WatchCursor = Symbol.for("WatchCursor");
