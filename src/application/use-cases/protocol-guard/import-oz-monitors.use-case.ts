import * as E from "fp-ts/Either";
import type * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { ImportPlan, NotMapped } from "../../../domain/protocol-guard/oz-monitor-import";
import type { Subscription } from "../../../domain/protocol-guard/subscription";
import { Clock } from "../../ports/clock.port";
import { SubscriptionStore } from "../../ports/subscription-store.port";
import { WebhookKeys } from "../../ports/webhook-keys.port";
import { guardFailure, storageFailed, type GuardFailure } from "./guard-failure";
import { newSubscription, shownOnce, type NewSubscription } from "./new-subscription";
import { RandomTokens } from "./random-tokens";

export interface ImportResult {
  /** One per imported monitor: the subscription with its manage token and webhook secrets, shown once. */
  readonly created: readonly (NewSubscription & { readonly monitor: string })[];
  readonly notMapped: readonly NotMapped[];
}

/**
 * POST /api/protocol-guard/import: the subscriptions of a plan (already mapped and checked), all or none.
 * The store writes one subscription at a time, so a failure part-way cancels those already written
 * (cancelled is final: nothing of them is watched or delivered) and the import answers the failure.
 */
@injectable()
export class ImportOzMonitors {
  constructor(
    @inject(SubscriptionStore) private readonly store: SubscriptionStore,
    @inject(RandomTokens) private readonly random: RandomTokens,
    @inject(Clock) private readonly clock: Clock,
    @inject(WebhookKeys) private readonly keys: WebhookKeys,
  ) {}

  execute(plan: ImportPlan): TE.TaskEither<GuardFailure, ImportResult> {
    return async () => {
      const now = new Date(this.clock.nowMs()).toISOString();
      const fresh = plan.subscriptions.map((planned) => ({
        monitor: planned.file,
        ...newSubscription(planned.command, planned.paused ? "paused" : "active", this.random, now),
      }));
      const written: Subscription[] = [];
      for (const { subscription } of fresh) {
        const outcome = await this.store.create(subscription)();
        const failure = E.isLeft(outcome)
          ? storageFailed(outcome.left)
          : outcome.right === "created"
            ? undefined
            : guardFailure("storage_failed", `subscription id collision: ${subscription.id}`);
        if (failure !== undefined) {
          await this.cancel(written, now);
          return E.left(failure);
        }
        written.push(subscription);
      }
      const created = fresh.map(({ monitor, subscription, manageToken }) => ({
        monitor,
        ...shownOnce(subscription, manageToken, this.keys),
      }));
      return E.right({ created, notMapped: plan.notMapped });
    };
  }

  /** Best effort: the store just failed, so a cancel may fail too; the failure is answered either way. */
  private async cancel(written: readonly Subscription[], now: string): Promise<void> {
    for (const s of written) await this.store.update(s.id, { status: "cancelled" }, now)();
  }
}
