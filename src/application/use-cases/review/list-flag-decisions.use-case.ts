import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import type { FlagDecision } from "../../../domain/review/flag-decision";
import type { UpstreamFailure } from "../../failures";
import { FlagDecisionStore } from "../../ports/flag-decision-store.port";

/** GET /api/operator/flag-decisions?address= (operator credential): the decisions standing for one address. */
@injectable()
export class ListFlagDecisions {
  constructor(@inject(FlagDecisionStore) private readonly store: FlagDecisionStore) {}

  execute(
    address: Address,
  ): TE.TaskEither<UpstreamFailure, { readonly address: Address; readonly decisions: readonly FlagDecision[] }> {
    return pipe(
      this.store.forAddress(address),
      TE.map((decisions) => ({ address, decisions })),
    );
  }
}
