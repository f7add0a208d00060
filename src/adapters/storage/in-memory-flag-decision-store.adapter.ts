import * as TE from "fp-ts/TaskEither";
import { injectable } from "inversify";
import type { UpstreamFailure } from "../../application/failures";
import type { FlagDecisionStore } from "../../application/ports/flag-decision-store.port";
import type { Address } from "../../domain/chain/address";
import type { FlagDecision } from "../../domain/review/flag-decision";
import type { FlagCode } from "../../domain/scoring/flag-catalogue";

/** Decisions in process memory: a map by address of the standing decision per flag. */
@injectable()
export class InMemoryFlagDecisionStore implements FlagDecisionStore {
  private readonly byAddress = new Map<Address, Map<FlagCode, FlagDecision>>();

  record(decision: FlagDecision): TE.TaskEither<UpstreamFailure, void> {
    return TE.fromIO(() => {
      const flags = this.byAddress.get(decision.address) ?? new Map<FlagCode, FlagDecision>();
      flags.set(decision.flag, decision);
      this.byAddress.set(decision.address, flags);
    });
  }

  forAddress(address: Address): TE.TaskEither<UpstreamFailure, readonly FlagDecision[]> {
    return TE.fromIO(() =>
      [...(this.byAddress.get(address)?.values() ?? [])].sort((a, b) => a.flag.localeCompare(b.flag)),
    );
  }
}
