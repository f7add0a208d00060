import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import { FEEDBACK_LIST_MAX, type FeedbackEntry } from "../../../domain/feedback/feedback";
import type { UpstreamFailure } from "../../failures";
import { FeedbackStore } from "../../ports/feedback-store.port";

export interface FeedbackPage {
  readonly items: readonly FeedbackEntry[];
  readonly limit: number;
  readonly offset: number;
}

/** The operator's review queue, newest first, or one address's entries; limit clamped to 1..FEEDBACK_LIST_MAX. */
@injectable()
export class ListFeedback {
  constructor(@inject(FeedbackStore) private readonly store: FeedbackStore) {}

  execute(
    limit: number | undefined,
    offset: number | undefined,
    address?: Address,
  ): TE.TaskEither<UpstreamFailure, FeedbackPage> {
    const l = Math.min(FEEDBACK_LIST_MAX, Math.max(1, limit ?? 50));
    const o = Math.max(0, offset ?? 0);
    return pipe(
      address === undefined ? this.store.list(l, o) : this.store.listFor(address, l, o),
      TE.map((items) => ({ items, limit: l, offset: o })),
    );
  }
}
