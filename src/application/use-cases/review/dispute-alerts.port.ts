import type { TaskEither } from "fp-ts/TaskEither";
import type { Address } from "../../../domain/chain/address";
import type { UpstreamFailure } from "../../failures";

/** What an upheld dispute changed, for the subscribers who watch the address. */
export interface ScoreChange {
  readonly address: Address;
  readonly disputeId: string;
  readonly flag: string;
  readonly action: "remove" | "downgrade";
  /** ISO 8601, the decision's instant. */
  readonly at: string;
}

/**
 * Protocol Guard's side of a decided dispute (implemented by a bridge): a `score_changed` alert to every active
 * subscription watching the address. Answers how many subscriptions were alerted.
 */
export interface DisputeAlerts {
  scoreChanged(change: ScoreChange): TaskEither<UpstreamFailure, number>;
}

export const DisputeAlerts = Symbol.for("DisputeAlerts");
