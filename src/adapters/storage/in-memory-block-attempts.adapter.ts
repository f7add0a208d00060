import * as TE from "fp-ts/TaskEither";
import { injectable } from "inversify";
import type { UpstreamFailure } from "../../application/failures";
import type { AttemptedBlock, BlockAttempts } from "../../application/ports/block-attempts.port";

/** Failed attempts in process memory (one instance, no DATABASE_URL): a restart starts counting again. */
@injectable()
export class InMemoryBlockAttempts implements BlockAttempts {
  private readonly counts = new Map<string, { number: number; attempts: number }>();

  recordFailure(block: AttemptedBlock, seen: number, _reason: string): TE.TaskEither<UpstreamFailure, number> {
    return TE.fromIO(() => {
      for (const [key, row] of this.counts) if (row.number < block.number) this.counts.delete(key);
      const key = `${block.number}:${block.hash}`;
      const current = this.counts.get(key)?.attempts ?? 0;
      if (current !== seen) return current;
      this.counts.set(key, { number: block.number, attempts: current + 1 });
      return current + 1;
    });
  }

  clear(number: number): TE.TaskEither<UpstreamFailure, void> {
    return TE.fromIO(() => {
      for (const [key, row] of this.counts) if (row.number <= number) this.counts.delete(key);
    });
  }
}
