import { createHash } from "node:crypto";
import * as E from "fp-ts/Either";
import type * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import type { GuardAlert } from "../../../domain/protocol-guard/guard-alert";
import type { Subscription } from "../../../domain/protocol-guard/subscription";
import { type UpstreamFailure, upstreamFailure } from "../../failures";
import { SubscriptionStore } from "../../ports/subscription-store.port";
import { GuardScores } from "./guard-scores.port";
import { QueueAlertDeliveries } from "./queue-alert-deliveries";

export interface ScoreChangedNotice {
  readonly address: Address;
  readonly disputeId: string;
  readonly flag: string;
  readonly action: "remove" | "downgrade";
  /** ISO 8601, the decision's instant. */
  readonly at: string;
}

/**
 * An operator's decision changed the answer for `address` (an upheld dispute): every active subscription that
 * watches it (as one of its contracts, or as a wallet it has recorded an event for) gets one `score_changed` alert
 * with the answer as it now stands, in its alert list and through its channels. The alert id derives from the
 * subscription and the dispute, so sending the same notice again adds nothing.
 */
@injectable()
export class AlertScoreChanged {
  constructor(
    @inject(SubscriptionStore) private readonly store: SubscriptionStore,
    @inject(GuardScores) private readonly scorer: GuardScores,
    @inject(QueueAlertDeliveries) private readonly queue: QueueAlertDeliveries,
  ) {}

  execute(notice: ScoreChangedNotice): TE.TaskEither<UpstreamFailure, number> {
    return async () => {
      const subscriptions = await this.store.watching()();
      if (E.isLeft(subscriptions)) return subscriptions;
      const watchers: Subscription[] = [];
      for (const subscription of subscriptions.right) {
        if (subscription.contracts.some((c) => c.address === notice.address)) watchers.push(subscription);
        else {
          const seen = await this.store.lastEventOf(subscription.id, notice.address)();
          if (E.isLeft(seen)) return seen;
          if (seen.right !== null) watchers.push(subscription);
        }
      }
      if (watchers.length === 0) return E.right(0);
      const scored = await this.scorer.execute(notice.address)();
      if (E.isLeft(scored))
        return E.left(upstreamFailure("rpc", `rescoring ${notice.address}: ${scored.left.cause.detail}`));
      const verb = notice.action === "remove" ? "removed" : "downgraded to info";
      for (const subscription of watchers) {
        const alert: GuardAlert = {
          id: `alert_${createHash("sha256").update(`${subscription.id}|${notice.disputeId}`).digest("base64url").slice(0, 22)}`,
          at: notice.at,
          wallet: notice.address,
          decision: "review",
          reasons: [`score_changed: dispute ${notice.disputeId} upheld, flag ${notice.flag} ${verb}`],
          score: scored.right.score,
          tier: scored.right.tier,
          source: "score_changed",
          disputeId: notice.disputeId,
        };
        const appended = await this.store.appendAlert(subscription.id, alert)();
        if (E.isLeft(appended)) return appended;
        if (!appended.right) continue;
        const queued = await this.queue.execute(subscription, alert, null);
        if (E.isLeft(queued)) return queued;
      }
      return E.right(watchers.length);
    };
  }
}
