import type { TaskEither } from "fp-ts/TaskEither";
import type { Address } from "../../domain/chain/address";
import type { FlagDecision } from "../../domain/review/flag-decision";
import type { UpstreamFailure } from "../failures";

/**
 * The operator's standing decisions on flags, keyed by address: every answer reads its address's decisions, so
 * `forAddress` must cost one keyed lookup, never a scan. One decision stands per (address, flag); a later one
 * replaces it.
 */
export interface FlagDecisionStore {
  /** Records the decision as the one standing for its (address, flag). */
  record(decision: FlagDecision): TaskEither<UpstreamFailure, void>;
  /** The standing decisions for this address, by flag code; empty when there are none. */
  forAddress(address: Address): TaskEither<UpstreamFailure, readonly FlagDecision[]>;
}

export const FlagDecisionStore = Symbol.for("FlagDecisionStore");
