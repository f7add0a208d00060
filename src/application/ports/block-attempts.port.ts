import type { TaskEither } from "fp-ts/TaskEither";
import type { GuardPartition } from "../../domain/protocol-guard/guard-partition";
import type { UpstreamFailure } from "../failures";

export interface AttemptedBlock {
  readonly number: number;
  readonly hash: string;
}

/**
 * Failed attempts at a block, counted where the watcher keeps its cursor (PostgreSQL when there is
 * one), so a restart does not reset the count and instances watching the same chain share it. Counted per
 * partition of the work (GUARD_WORK_PARTITIONS; without one, the whole chain's): a block one partition fails
 * does not hold the others back.
 */
export interface BlockAttempts {
  /**
   * One more failed attempt at `block`, counted only if the count is still `seen` (what this caller
   * last read, 0 at first): instances failing the same round count it once, the others adopt the
   * count. Resolves with the count after the call. Counts of earlier blocks are dropped.
   */
  recordFailure(
    block: AttemptedBlock,
    seen: number,
    reason: string,
    partition?: GuardPartition,
  ): TaskEither<UpstreamFailure, number>;
  /** Forgets the counts of every block up to `number` (it was processed or skipped). */
  clear(number: number, partition?: GuardPartition): TaskEither<UpstreamFailure, void>;
}

export const BlockAttempts = Symbol.for("BlockAttempts");
