import * as TE from "fp-ts/TaskEither";
import { injectable } from "inversify";
import type { UpstreamFailure } from "../../application/failures";
import type { WatchCursor, WatchPosition } from "../../application/ports/watch-cursor.port";

/** The watcher's position in memory: a restart starts watching from the head again. */
@injectable()
export class InMemoryWatchCursor implements WatchCursor {
  private position: WatchPosition | null = null;

  read(): TE.TaskEither<UpstreamFailure, WatchPosition | null> {
    return TE.fromIO(() => this.position);
  }

  write(position: WatchPosition): TE.TaskEither<UpstreamFailure, void> {
    return TE.fromIO(() => {
      this.position = position;
    });
  }
}
