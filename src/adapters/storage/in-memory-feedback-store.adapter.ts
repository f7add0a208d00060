import * as TE from "fp-ts/TaskEither";
import { injectable } from "inversify";
import type { UpstreamFailure } from "../../application/failures";
import type { FeedbackStore } from "../../application/ports/feedback-store.port";
import type { Address } from "../../domain/chain/address";
import { FEEDBACK_KEPT, type FeedbackEntry } from "../../domain/feedback/feedback";
import type { FlagCode } from "../../domain/scoring/flag-catalogue";

/** Feedback in process memory, oldest first, trimmed to FEEDBACK_KEPT. */
@injectable()
export class InMemoryFeedbackStore implements FeedbackStore {
  private readonly entries: FeedbackEntry[] = [];

  constructor(private readonly kept = FEEDBACK_KEPT) {}

  add(entry: FeedbackEntry): TE.TaskEither<UpstreamFailure, void> {
    return TE.fromIO(() => {
      this.entries.push(entry);
      if (this.entries.length > this.kept) this.entries.splice(0, this.entries.length - this.kept);
    });
  }

  list(limit: number, offset: number): TE.TaskEither<UpstreamFailure, readonly FeedbackEntry[]> {
    return TE.fromIO(() => [...this.entries].reverse().slice(offset, offset + limit));
  }

  flagsUnderReview(address: Address): TE.TaskEither<UpstreamFailure, readonly FlagCode[]> {
    return TE.fromIO(() => {
      const flags = new Set<FlagCode>();
      for (const e of this.entries)
        if (e.address === address && e.verdict === "false_positive" && e.flag !== null) flags.add(e.flag);
      return [...flags].sort();
    });
  }
}
