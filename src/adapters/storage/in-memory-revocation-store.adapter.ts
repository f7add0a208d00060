import * as TE from "fp-ts/TaskEither";
import { injectable } from "inversify";
import type { UpstreamFailure } from "../../application/failures";
import type { RevocationStore } from "../../application/ports/revocation-store.port";
import type { Revocation } from "../../domain/gating/revocation";

/** Revocations in process memory: every call completes on the event loop, so the first revoke wins. */
@injectable()
export class InMemoryRevocationStore implements RevocationStore {
  /** Insertion order is revocation order; list reads it backwards. */
  private readonly revocations = new Map<string, Revocation>();

  revoke(revocation: Revocation): TE.TaskEither<UpstreamFailure, Revocation> {
    return TE.fromIO(() => {
      const existing = this.revocations.get(revocation.id);
      if (existing !== undefined) return existing;
      this.revocations.set(revocation.id, revocation);
      return revocation;
    });
  }

  find(id: string): TE.TaskEither<UpstreamFailure, Revocation | null> {
    return TE.fromIO(() => this.revocations.get(id) ?? null);
  }

  list(limit: number): TE.TaskEither<UpstreamFailure, readonly Revocation[]> {
    return TE.fromIO(() => [...this.revocations.values()].reverse().slice(0, Math.max(0, limit)));
  }
}
