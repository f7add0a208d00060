import * as TE from "fp-ts/TaskEither";
import { injectable } from "inversify";
import type { UpstreamFailure } from "../../application/failures";
import type { AttemptedBlock, BlockAttempts } from "../../application/ports/block-attempts.port";
import { partitionSuffix, WHOLE_CHAIN, type GuardPartition } from "../../domain/protocol-guard/guard-partition";

/** Failed attempts in process memory (one instance, no DATABASE_URL): a restart starts counting again. */
@injectable()
export class InMemoryBlockAttempts implements BlockAttempts {
  private readonly counts = new Map<string, { partition: string; number: number; attempts: number }>();

  recordFailure(
    block: AttemptedBlock,
    seen: number,
    _reason: string,
    at: GuardPartition = WHOLE_CHAIN,
  ): TE.TaskEither<UpstreamFailure, number> {
    return TE.fromIO(() => {
      const partition = partitionSuffix(at);
      for (const [key, row] of this.counts)
        if (row.partition === partition && row.number < block.number) this.counts.delete(key);
      const key = `${partition}:${block.number}:${block.hash}`;
      const current = this.counts.get(key)?.attempts ?? 0;
      if (current !== seen) return current;
      this.counts.set(key, { partition, number: block.number, attempts: current + 1 });
      return current + 1;
    });
  }

  clear(number: number, at: GuardPartition = WHOLE_CHAIN): TE.TaskEither<UpstreamFailure, void> {
    return TE.fromIO(() => {
      const partition = partitionSuffix(at);
      for (const [key, row] of this.counts)
        if (row.partition === partition && row.number <= number) this.counts.delete(key);
    });
  }
}
