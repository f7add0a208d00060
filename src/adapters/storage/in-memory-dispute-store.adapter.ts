import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import { injectable } from "inversify";
import type { UpstreamFailure } from "../../application/failures";
import type { DecideOutcome, DisputeStore } from "../../application/ports/dispute-store.port";
import type { Address } from "../../domain/chain/address";
import { type Dispute, type DisputeDecision, decide } from "../../domain/review/dispute";

/** Disputes in process memory, in filing order; deciding is synchronous, so exactly one decision stands. */
@injectable()
export class InMemoryDisputeStore implements DisputeStore {
  private readonly byId = new Map<string, Dispute>();

  add(dispute: Dispute): TE.TaskEither<UpstreamFailure, void> {
    return TE.fromIO(() => {
      if (!this.byId.has(dispute.id)) this.byId.set(dispute.id, dispute);
    });
  }

  find(id: string): TE.TaskEither<UpstreamFailure, Dispute | null> {
    return TE.fromIO(() => this.byId.get(id) ?? null);
  }

  forAddress(address: Address, limit: number): TE.TaskEither<UpstreamFailure, readonly Dispute[]> {
    return TE.fromIO(() =>
      [...this.byId.values()]
        .filter((d) => d.address === address)
        .reverse()
        .slice(0, limit),
    );
  }

  decide(id: string, decision: DisputeDecision, decidedAt: string): TE.TaskEither<UpstreamFailure, DecideOutcome> {
    return TE.fromIO((): DecideOutcome => {
      const dispute = this.byId.get(id);
      if (dispute === undefined) return { kind: "not_found" };
      const decided = decide(dispute, decision, decidedAt);
      if (E.isLeft(decided)) return { kind: "already_decided", dispute };
      this.byId.set(id, decided.right);
      return { kind: "decided", dispute: decided.right };
    });
  }
}
