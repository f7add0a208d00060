import * as TE from "fp-ts/TaskEither";
import { pipe } from "fp-ts/function";
import { inject, injectable } from "inversify";
import type { RevocationReason, RevokeCommand } from "../../../domain/gating/revocation";
import type { UpstreamFailure } from "../../failures";
import { Clock } from "../../ports/clock.port";
import { RevocationStore } from "../../ports/revocation-store.port";

export interface RevokeResult {
  readonly id: string;
  readonly revoked: true;
  /** The first revocation's instant: revoking again changes nothing. */
  readonly revokedAt: string;
  readonly reason: RevocationReason;
  readonly note: string | null;
}

/**
 * POST /api/gating/revoke (operator credential, OPERATOR_API_KEYS): from now on verify answers `revoked` for this id,
 * on every instance sharing the store. Ids are not checked against an issuance log (none is kept:
 * attestations are self-contained); revoking an id never issued affects nothing.
 */
@injectable()
export class RevokeAttestation {
  constructor(
    @inject(RevocationStore) private readonly store: RevocationStore,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(command: RevokeCommand): TE.TaskEither<UpstreamFailure, RevokeResult> {
    const revokedAt = new Date(this.clock.nowMs()).toISOString();
    return pipe(
      this.store.revoke({ id: command.id, reason: command.reason, note: command.note, revokedAt }),
      TE.map((stored) => ({
        id: stored.id,
        revoked: true as const,
        revokedAt: stored.revokedAt,
        reason: stored.reason,
        note: stored.note,
      })),
    );
  }
}
