import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { FlagDecision, FlagDecisionRequest } from "../../../domain/review/flag-decision";
import type { UpstreamFailure } from "../../failures";
import { Clock } from "../../ports/clock.port";
import { FlagDecisionStore } from "../../ports/flag-decision-store.port";

/**
 * POST /api/operator/flag-decisions (operator credential): the operator's decision on one flag of one address,
 * standing from now on in every answer about it (answers are marked when read, cached or not).
 */
@injectable()
export class RecordFlagDecision {
  constructor(
    @inject(FlagDecisionStore) private readonly store: FlagDecisionStore,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(request: FlagDecisionRequest): TE.TaskEither<UpstreamFailure, FlagDecision> {
    const decision: FlagDecision = { ...request, decidedAt: new Date(this.clock.nowMs()).toISOString() };
    return pipe(
      this.store.record(decision),
      TE.map(() => decision),
    );
  }
}
