import type { TaskEither } from "fp-ts/TaskEither";
import type { Address } from "../../domain/chain/address";
import type { FeedbackEntry } from "../../domain/feedback/feedback";
import type { UpstreamFailure } from "../failures";

/**
 * Feedback on answers, the operator's review queue: at most FEEDBACK_KEPT entries (the oldest go first). Answers
 * never read it (issue 28): a flag is marked under review only by an operator decision (FlagDecisionStore).
 */
export interface FeedbackStore {
  add(entry: FeedbackEntry): TaskEither<UpstreamFailure, void>;
  /** Newest first. */
  list(limit: number, offset: number): TaskEither<UpstreamFailure, readonly FeedbackEntry[]>;
  /** This address's entries, newest first: a keyed lookup, not a scan of the queue. */
  listFor(address: Address, limit: number, offset: number): TaskEither<UpstreamFailure, readonly FeedbackEntry[]>;
}

export const FeedbackStore = Symbol.for("FeedbackStore");
