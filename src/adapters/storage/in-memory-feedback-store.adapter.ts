import * as TE from "fp-ts/TaskEither";
import { injectable } from "inversify";
import type { UpstreamFailure } from "../../application/failures";
import type { FeedbackStore } from "../../application/ports/feedback-store.port";
import type { Address } from "../../domain/chain/address";
import { FEEDBACK_KEPT, type FeedbackEntry } from "../../domain/feedback/feedback";

/** Feedback in process memory, oldest first, trimmed to FEEDBACK_KEPT; also a map by address, oldest first. */
@injectable()
export class InMemoryFeedbackStore implements FeedbackStore {
  private readonly entries: FeedbackEntry[] = [];
  private readonly byAddress = new Map<Address, FeedbackEntry[]>();

  constructor(private readonly kept = FEEDBACK_KEPT) {}

  add(entry: FeedbackEntry): TE.TaskEither<UpstreamFailure, void> {
    return TE.fromIO(() => {
      this.entries.push(entry);
      const ofAddress = this.byAddress.get(entry.address) ?? [];
      ofAddress.push(entry);
      this.byAddress.set(entry.address, ofAddress);
      // The queue's oldest entry is also the oldest of its address: trimming takes the head of both.
      while (this.entries.length > this.kept) {
        const dropped = this.entries.shift()!;
        const rest = this.byAddress.get(dropped.address) ?? [];
        rest.shift();
        if (rest.length === 0) this.byAddress.delete(dropped.address);
      }
    });
  }

  list(limit: number, offset: number): TE.TaskEither<UpstreamFailure, readonly FeedbackEntry[]> {
    return TE.fromIO(() => newestFirst(this.entries, limit, offset));
  }

  listFor(address: Address, limit: number, offset: number): TE.TaskEither<UpstreamFailure, readonly FeedbackEntry[]> {
    return TE.fromIO(() => newestFirst(this.byAddress.get(address) ?? [], limit, offset));
  }
}

function newestFirst(entries: readonly FeedbackEntry[], limit: number, offset: number): FeedbackEntry[] {
  const end = entries.length - Math.max(0, offset);
  return entries.slice(Math.max(0, end - Math.max(0, limit)), Math.max(0, end)).reverse();
}
