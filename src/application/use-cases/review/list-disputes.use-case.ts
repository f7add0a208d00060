import type * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import type { Dispute } from "../../../domain/review/dispute";
import type { UpstreamFailure } from "../../failures";
import { DisputeStore } from "../../ports/dispute-store.port";

/** The operator's queue for one address: every field (contact and signer included), newest first. */
export const DISPUTES_LISTED = 100;

@injectable()
export class ListDisputes {
  constructor(@inject(DisputeStore) private readonly store: DisputeStore) {}

  execute(address: Address): TE.TaskEither<UpstreamFailure, readonly Dispute[]> {
    return this.store.forAddress(address, DISPUTES_LISTED);
  }
}
