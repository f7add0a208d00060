import * as E from "fp-ts/Either";
import type * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import { type Dispute, type DisputeDecision, flagDecisionFor } from "../../../domain/review/dispute";
import { Clock } from "../../ports/clock.port";
import { DisputeStore } from "../../ports/dispute-store.port";
import { FlagDecisionStore } from "../../ports/flag-decision-store.port";
import { DisputeAlerts } from "./dispute-alerts.port";
import type { DisputeFailure } from "./dispute-failure";

export interface DecidedDispute {
  readonly dispute: Dispute;
  /** Subscriptions sent a `score_changed` alert (0 for a rejection); null when alerting failed (see alertFailure). */
  readonly subscribersAlerted: number | null;
  /** Why alerting failed, for the logs only. */
  readonly alertFailure?: string;
}

/**
 * The operator's decision on an open dispute (final: a decided dispute answers `DisputeAlreadyDecided`). Upheld,
 * it becomes the standing flag decision on that flag (`flag_removed` or `flag_downgraded`), which every answer on
 * every instance reads (widget, batch, paid, attestations), and Protocol Guard subscribers watching the address
 * are sent `score_changed`. The dispute is decided first, atomically, so of two concurrent decisions only one
 * drives anything.
 */
@injectable()
export class DecideDispute {
  constructor(
    @inject(DisputeStore) private readonly store: DisputeStore,
    @inject(FlagDecisionStore) private readonly decisions: FlagDecisionStore,
    @inject(DisputeAlerts) private readonly alerts: DisputeAlerts,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(id: string, decision: DisputeDecision): TE.TaskEither<DisputeFailure, DecidedDispute> {
    return async () => {
      const decidedAt = new Date(this.clock.nowMs()).toISOString();
      const outcome = await this.store.decide(id, decision, decidedAt)();
      if (E.isLeft(outcome)) return outcome;
      switch (outcome.right.kind) {
        case "not_found":
          return E.left({ _tag: "DisputeNotFound" });
        case "already_decided": {
          const status = outcome.right.dispute.status;
          return E.left({ _tag: "DisputeAlreadyDecided", status: status === "upheld" ? "upheld" : "rejected" });
        }
        case "decided":
          return this.propagate(outcome.right.dispute);
      }
    };
  }

  private async propagate(dispute: Dispute): Promise<E.Either<DisputeFailure, DecidedDispute>> {
    if (dispute.status !== "upheld" || dispute.action === null || dispute.decidedAt === null)
      return E.right({ dispute, subscribersAlerted: 0 });
    const recorded = await this.decisions.record({
      address: dispute.address,
      flag: dispute.flag,
      decision: flagDecisionFor(dispute.action),
      note: `dispute ${dispute.id} upheld`,
      decidedAt: dispute.decidedAt,
    })();
    if (E.isLeft(recorded)) return recorded;
    const alerted = await this.alerts.scoreChanged({
      address: dispute.address,
      disputeId: dispute.id,
      flag: dispute.flag,
      action: dispute.action,
      at: dispute.decidedAt,
    })();
    return E.right(
      E.isLeft(alerted)
        ? { dispute, subscribersAlerted: null, alertFailure: alerted.left.detail }
        : { dispute, subscribersAlerted: alerted.right },
    );
  }
}
