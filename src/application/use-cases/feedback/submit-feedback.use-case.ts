import { randomUUID } from "node:crypto";
import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { FeedbackEntry, FeedbackRequest } from "../../../domain/feedback/feedback";
import type { UpstreamFailure } from "../../failures";
import { Clock } from "../../ports/clock.port";
import { FeedbackStore } from "../../ports/feedback-store.port";

export interface FeedbackReceipt {
  readonly id: string;
  readonly status: "received";
  readonly receivedAt: string;
}

/**
 * Stores one piece of feedback (already decoded and bounded) for the operator to review. It changes no answer:
 * anyone may send it, so only the operator's decision (RecordFlagDecision) marks a flag under review.
 */
@injectable()
export class SubmitFeedback {
  constructor(
    @inject(FeedbackStore) private readonly store: FeedbackStore,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(request: FeedbackRequest): TE.TaskEither<UpstreamFailure, FeedbackReceipt> {
    const entry: FeedbackEntry = {
      ...request,
      id: `fb_${randomUUID()}`,
      receivedAt: new Date(this.clock.nowMs()).toISOString(),
    };
    return pipe(
      this.store.add(entry),
      TE.map(() => ({
        id: entry.id,
        status: "received" as const,
        receivedAt: entry.receivedAt,
      })),
    );
  }
}
