import * as E from "fp-ts/Either";
import type { WatchBlockOrSkip } from "../../application/use-cases/protocol-guard/watch-block-or-skip.use-case";
import type { BlockActivity } from "../../domain/protocol-guard/block-activity";
import { WHOLE_CHAIN, type GuardPartition } from "../../domain/protocol-guard/guard-partition";
import { retryDelayMs } from "../../domain/protocol-guard/poison-block";
import type { WorkerLog } from "./worker";

/** A failed block is tried again after this long, doubling per counted attempt up to the cap. */
export const RETRY_BASE_MS = 1_000;
export const RETRY_CAP_MS = 30_000;

export interface TriesControl {
  /** True once the caller gives the block up (shutdown, or the job is no longer this instance's). */
  stopped(): boolean;
  /** Waits, cut short by the caller when it stops. */
  pause(ms: number): Promise<void>;
}

/**
 * Tries one block under the poison-block policy until it is watched or skipped: a counted failure is
 * retried after a backoff, a failure that could not be counted (storage down) without end. Shared by
 * the in-process watcher and the queued one, so both log and retry alike. Resolves `true` once the
 * block is settled (watched, or skipped with its `block_skipped` alerts queued), `false` when the
 * caller stopped first (the block is not settled; whoever resumes tries it again).
 */
export async function tryBlockUntilSettled(
  block: BlockActivity,
  policy: WatchBlockOrSkip,
  log: WorkerLog,
  control: TriesControl,
  partition: GuardPartition = WHOLE_CHAIN,
): Promise<boolean> {
  let seen = 0;
  while (!control.stopped()) {
    const tried = await policy.execute(block, seen, partition)();
    if (E.isLeft(tried)) {
      log.warn({ block: block.number, detail: tried.left.detail }, "guard watch failed; retrying");
      await control.pause(retryDelayMs(seen + 1, RETRY_BASE_MS, RETRY_CAP_MS));
      continue;
    }
    const outcome = tried.right;
    if (outcome.kind === "failed") {
      seen = outcome.attempts;
      log.warn(
        { block: block.number, attempts: outcome.attempts, reason: outcome.reason },
        "guard watch failed; retrying",
      );
      await control.pause(retryDelayMs(outcome.attempts, RETRY_BASE_MS, RETRY_CAP_MS));
      continue;
    }
    if (outcome.kind === "poisoned") {
      log.warn(
        {
          block: block.number,
          hash: block.hash,
          attempts: outcome.attempts,
          reason: outcome.reason,
          subscriptions: outcome.subscriptions,
        },
        "guard skipped a block it could not score (block_skipped alerts queued)",
      );
      return true;
    }
    const result = outcome.outcome;
    if (result.kind === "reorg")
      log.error(result, "chain reorganised below the Protocol Guard cursor (deeper than the confirmation lag)");
    if (result.kind === "gap") log.error(result, "blocks never reached the Protocol Guard watcher");
    if (result.kind !== "skipped" && result.events > 0)
      log.info(partition.count > 1 ? { ...result, partition: partition.index } : result, "guard watched block");
    return true;
  }
  return false;
}
