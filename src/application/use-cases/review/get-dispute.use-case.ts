import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Dispute } from "../../../domain/review/dispute";
import { DisputeStore } from "../../ports/dispute-store.port";
import { type DisputeFailure, disputeNotFound } from "./dispute-failure";

/** GET /api/disputes/{id}: the dispute as it stands (the route shows its public part). */
@injectable()
export class GetDispute {
  constructor(@inject(DisputeStore) private readonly store: DisputeStore) {}

  execute(id: string): TE.TaskEither<DisputeFailure, Dispute> {
    return pipe(
      this.store.find(id),
      TE.mapLeft((failure): DisputeFailure => failure),
      TE.chain((dispute) => (dispute === null ? TE.left(disputeNotFound) : TE.right(dispute))),
    );
  }
}
