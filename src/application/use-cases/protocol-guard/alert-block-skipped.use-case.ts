import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { BlockActivity } from "../../../domain/protocol-guard/block-activity";
import { inPartition, WHOLE_CHAIN, type GuardPartition } from "../../../domain/protocol-guard/guard-partition";
import { blockSkippedAlert, concernedBy } from "../../../domain/protocol-guard/poison-block";
import type { UpstreamFailure } from "../../failures";
import { BlockAttempts } from "../../ports/block-attempts.port";
import { SubscriptionStore } from "../../ports/subscription-store.port";
import { WatchCursor } from "../../ports/watch-cursor.port";
import { QueueAlertDeliveries } from "./queue-alert-deliveries";
import { stableId, type WatchFailure } from "./watch-block.use-case";

export interface SkippedBlock {
  /** Subscriptions told (0 when another instance had already moved past the block). */
  readonly subscriptions: number;
  readonly alerts: number;
}

async function run<T>(task: () => Promise<E.Either<UpstreamFailure, T>>): Promise<T> {
  const result = await task();
  if (E.isLeft(result)) throw new Error(result.left.detail);
  return result.right;
}

/**
 * The poison-block policy's last step: a block the watcher gave up on is passed, never silently. Each
 * subscription it concerns gets one `block_skipped` alert through the outbox (ids derive from the
 * subscription and block hash, so a second instance or a retry after a crash queues nothing new), and
 * only then does the cursor move past it. With a partition of the work, only its subscriptions are told, and
 * only its cursor moves.
 */
@injectable()
export class AlertBlockSkipped {
  constructor(
    @inject(SubscriptionStore) private readonly store: SubscriptionStore,
    @inject(WatchCursor) private readonly cursor: WatchCursor,
    @inject(QueueAlertDeliveries) private readonly queue: QueueAlertDeliveries,
    @inject(BlockAttempts) private readonly attempts: BlockAttempts,
  ) {}

  execute(
    block: BlockActivity,
    attempts: number,
    reason: string,
    partition: GuardPartition = WHOLE_CHAIN,
  ): TE.TaskEither<WatchFailure, SkippedBlock> {
    return () => this.alertSkipped(block, attempts, reason, partition);
  }

  private async alertSkipped(
    block: BlockActivity,
    attempts: number,
    reason: string,
    partition: GuardPartition = WHOLE_CHAIN,
  ): Promise<E.Either<WatchFailure, SkippedBlock>> {
    try {
      const at = await run(this.cursor.read(partition));
      if (at !== null && block.number <= at.number) return E.right({ subscriptions: 0, alerts: 0 });
      const watching = (await run(this.store.watching())).filter((s) => inPartition(s.id, partition));
      const concerned = concernedBy(block, watching);
      let alerts = 0;
      for (const subscription of concerned) {
        const alert = blockSkippedAlert(
          stableId("alert", "block_skipped", subscription.id, block.hash),
          block,
          attempts,
          reason,
        );
        await run(this.store.appendAlert(subscription.id, alert));
        alerts += await run(() => this.queue.execute(subscription, alert, null));
      }
      await run(this.cursor.write({ number: block.number, hash: block.hash }, partition));
      await run(this.attempts.clear(block.number, partition));
      return E.right({ subscriptions: concerned.length, alerts });
    } catch (error) {
      return E.left({ _tag: "WatchFailure", block: block.number, detail: String(error) });
    }
  }
}
