import type { TaskEither } from "fp-ts/TaskEither";
import type { Address } from "../../domain/chain/address";
import type { Dispute, DisputeDecision } from "../../domain/review/dispute";
import type { UpstreamFailure } from "../failures";

/** What deciding did: the decided dispute, or why nothing was written. */
export type DecideOutcome =
  | { readonly kind: "decided"; readonly dispute: Dispute }
  | { readonly kind: "not_found" }
  /** Already decided (by an earlier or a concurrent decision): the standing record, unchanged. */
  | { readonly kind: "already_decided"; readonly dispute: Dispute };

/**
 * Disputes of flags (issue 29 item 5), durable where the deployment is (PostgreSQL with DATABASE_URL). A dispute
 * is decided once: of concurrent decisions exactly one is written, the others answer `already_decided`.
 */
export interface DisputeStore {
  /** Ids are fresh (random): adding never replaces. */
  add(dispute: Dispute): TaskEither<UpstreamFailure, void>;
  find(id: string): TaskEither<UpstreamFailure, Dispute | null>;
  /** This address's disputes, newest filed first, at most `limit`: a keyed read, done on every answer. */
  forAddress(address: Address, limit: number): TaskEither<UpstreamFailure, readonly Dispute[]>;
  decide(id: string, decision: DisputeDecision, decidedAt: string): TaskEither<UpstreamFailure, DecideOutcome>;
}

export const DisputeStore = Symbol.for("DisputeStore");
