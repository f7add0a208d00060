import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { BlockActivity } from "../../../domain/protocol-guard/block-activity";
import { WHOLE_CHAIN, type GuardPartition } from "../../../domain/protocol-guard/guard-partition";
import { exhausted, skipReason } from "../../../domain/protocol-guard/poison-block";
import { BlockAttempts } from "../../ports/block-attempts.port";
import { AlertBlockSkipped, type SkippedBlock } from "./alert-block-skipped.use-case";
import { WatchBlock, type WatchFailure, type WatchOutcome } from "./watch-block.use-case";

/** GUARD_BLOCK_MAX_ATTEMPTS: tries at one block before the poison-block policy skips it. */
export interface PoisonBlockSettings {
  readonly maxAttempts: number;
}

export const PoisonBlockSettings = Symbol.for("PoisonBlockSettings");

export type GuardBlockOutcome =
  | { readonly kind: "watched"; readonly outcome: WatchOutcome }
  /** Failed and counted; tried again later (after `attempts`, the count shared by the instances). */
  | { readonly kind: "failed"; readonly attempts: number; readonly reason: string }
  /** Failed for the last allowed time: skipped, its subscribers told. */
  | ({ readonly kind: "poisoned"; readonly attempts: number; readonly reason: string } & SkippedBlock);

/**
 * One try at a block under the poison-block policy: watched, or its failure counted durably; once
 * the count reaches the limit the block is skipped with a `block_skipped` alert. A failure that could
 * not even be counted (storage down) is a plain failure: it is retried and never leads to a skip.
 */
@injectable()
export class WatchBlockOrSkip {
  constructor(
    @inject(WatchBlock) private readonly watcher: WatchBlock,
    @inject(BlockAttempts) private readonly attempts: BlockAttempts,
    @inject(AlertBlockSkipped) private readonly skip: AlertBlockSkipped,
    @inject(PoisonBlockSettings) private readonly settings: PoisonBlockSettings,
  ) {}

  /** `seen`: the count this caller last had for the block (0 on a first try); `partition`: the share of the work tried. */
  execute(
    block: BlockActivity,
    seen: number,
    partition: GuardPartition = WHOLE_CHAIN,
  ): TE.TaskEither<WatchFailure, GuardBlockOutcome> {
    return () => this.watchOrSkip(block, seen, partition);
  }

  private async watchOrSkip(
    block: BlockActivity,
    seen: number,
    partition: GuardPartition = WHOLE_CHAIN,
  ): Promise<E.Either<WatchFailure, GuardBlockOutcome>> {
    const watched = await this.watcher.execute(block, partition)();
    if (E.isRight(watched)) {
      // A stale count is harmless (the next failure of a later block drops it), so a failed clear is not one.
      if (seen > 0) await this.attempts.clear(block.number, partition)();
      return E.right({ kind: "watched", outcome: watched.right });
    }
    const reason = skipReason(watched.left.detail);
    const counted = await this.attempts.recordFailure(block, seen, reason, partition)();
    if (E.isLeft(counted))
      return E.left({ ...watched.left, detail: `${watched.left.detail}; not counted: ${counted.left.detail}` });
    const attempts = counted.right;
    if (!exhausted(attempts, this.settings.maxAttempts)) return E.right({ kind: "failed", attempts, reason });
    const skipped = await this.skip.execute(block, attempts, reason, partition)();
    if (E.isLeft(skipped)) return skipped;
    return E.right({ kind: "poisoned", attempts, reason, ...skipped.right });
  }
}
