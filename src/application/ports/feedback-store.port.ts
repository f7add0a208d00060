import type { TaskEither } from "fp-ts/TaskEither";
import type { Address } from "../../domain/chain/address";
import type { FeedbackEntry } from "../../domain/feedback/feedback";
import type { FlagCode } from "../../domain/scoring/flag-catalogue";
import type { UpstreamFailure } from "../failures";

/**
 * Feedback on answers, kept for review: at most FEEDBACK_KEPT entries (the oldest go first). A flag reported
 * as a false positive for an address is "under review" until its entries leave the store.
 */
export interface FeedbackStore {
  add(entry: FeedbackEntry): TaskEither<UpstreamFailure, void>;
  /** Newest first. */
  list(limit: number, offset: number): TaskEither<UpstreamFailure, readonly FeedbackEntry[]>;
  /** Flags reported as false positives for this address, each once. */
  flagsUnderReview(address: Address): TaskEither<UpstreamFailure, readonly FlagCode[]>;
}

export const FeedbackStore = Symbol.for("FeedbackStore");
