import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable, optional } from "inversify";
import type { SubjectType, Tier } from "../../../domain/scoring";
import type { GuardAlert } from "../../../domain/protocol-guard/guard-alert";
import { decideGuard, shouldRecordAlert, type GuardVerdict } from "../../../domain/protocol-guard/guard-decision";
import type { CheckCommand } from "../../../domain/protocol-guard/guard-requests";
import type { Subscription } from "../../../domain/protocol-guard/subscription";
import { Clock } from "../../ports/clock.port";
import { SubscriptionStore } from "../../ports/subscription-store.port";
import { GuardScores, type GuardScore } from "./guard-scores.port";
import { GuardScorePublisher } from "./guard-score-publisher.port";
import { guardFailure, storageFailed, type GuardFailure } from "./guard-failure";
import { managedSubscription } from "./managed-subscription";
import { QueueAlertDeliveries } from "./queue-alert-deliveries";
import { ALERT_ID_BYTES, RandomTokens } from "./random-tokens";

export interface GuardCheckResult extends GuardVerdict {
  readonly wallet: string;
  readonly score: number;
  readonly tier: Tier;
  readonly confidence: number;
  readonly flags: readonly string[];
  readonly subjectType: SubjectType;
  readonly context: string | null;
  readonly amount: number | null;
  readonly economicReachUsd: number | null;
  readonly subscriptionId?: string;
  /** Set when this check recorded an alert on its subscription. */
  readonly alertId?: string;
  readonly pricing: "free";
  readonly scoringVersion: string;
  readonly snapshotId: string;
}

/**
 * POST /api/protocol-guard/check: the wallet's real score through the subscription's rules (or the
 * defaults). Fails closed: no score, no decision. A review or block on an active subscription is
 * recorded as an alert; a paused one still applies its rules but records nothing. Subscription ids
 * are public, so only the manage token opens a subscription's rules and alert log: without one, a
 * check naming a subscription is a plain check (nothing recorded, no private rule applied or named).
 */
@injectable()
export class CheckWallet {
  constructor(
    @inject(GuardScores) private readonly scorer: GuardScores,
    @inject(SubscriptionStore) private readonly store: SubscriptionStore,
    @inject(RandomTokens) private readonly random: RandomTokens,
    @inject(Clock) private readonly clock: Clock,
    @inject(QueueAlertDeliveries) private readonly queue: QueueAlertDeliveries,
    @inject(GuardScorePublisher) @optional() private readonly publisher?: GuardScorePublisher,
  ) {}

  execute(command: CheckCommand): TE.TaskEither<GuardFailure, GuardCheckResult> {
    return pipe(
      this.subscriptionOf(command.subscriptionId, command.token),
      TE.bindTo("subscription"),
      TE.bind("scored", () =>
        pipe(
          this.scorer.execute(command.wallet),
          TE.mapLeft((failed) => guardFailure("scoring_unavailable", `${failed.stage}: ${failed.cause.detail}`)),
        ),
      ),
      TE.flatMap(({ subscription, scored }) => {
        const verdict = decideGuard(scored, command, subscription?.rules);
        const result = resultOf(command, subscription, scored, verdict);
        // A subscribed protocol's checks put the score on chain (issue 33 item 5), off the check's path.
        if (subscription !== null) this.publisher?.publishInBackground(scored.address);
        if (subscription === null || !shouldRecordAlert(subscription.status, verdict)) return TE.right(result);
        return pipe(
          this.recordAlert(subscription, scored, verdict),
          TE.map((alertId) => ({ ...result, alertId })),
        );
      }),
    );
  }

  private subscriptionOf(
    id: string | undefined,
    token: string | undefined,
  ): TE.TaskEither<GuardFailure, Subscription | null> {
    if (id === undefined || token === undefined) return TE.right(null);
    return managedSubscription(this.store, id, token);
  }

  private recordAlert(
    subscription: Subscription,
    scored: GuardScore,
    verdict: GuardVerdict,
  ): TE.TaskEither<GuardFailure, string> {
    const alert: GuardAlert = {
      id: `alert_${this.random.randomToken(ALERT_ID_BYTES)}`,
      at: new Date(this.clock.nowMs()).toISOString(),
      wallet: scored.address,
      decision: verdict.decision === "block" ? "block" : "review",
      reasons: verdict.reasons,
      score: scored.score,
      tier: scored.tier,
      source: "check",
    };
    return pipe(
      this.store.appendAlert(subscription.id, alert),
      TE.flatMap(() => () => this.queue.execute(subscription, alert, null)),
      TE.mapLeft(storageFailed),
      TE.map(() => alert.id),
    );
  }
}

function resultOf(
  command: CheckCommand,
  subscription: Subscription | null,
  scored: GuardScore,
  verdict: GuardVerdict,
): GuardCheckResult {
  return {
    wallet: scored.address,
    decision: verdict.decision,
    reasons: verdict.reasons,
    score: scored.score,
    tier: scored.tier,
    confidence: scored.confidence,
    flags: scored.flags.map((f) => f.code),
    subjectType: scored.subjectType,
    context: command.context,
    amount: command.amount ?? null,
    economicReachUsd: command.economicReachUsd ?? null,
    ...(subscription === null ? {} : { subscriptionId: subscription.id }),
    rulesApplied: verdict.rulesApplied,
    pricing: "free",
    scoringVersion: scored.scoringVersion,
    snapshotId: scored.snapshotId,
  };
}
