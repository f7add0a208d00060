import type { TaskEither } from "fp-ts/TaskEither";
import type { Revocation } from "../../domain/gating/revocation";
import type { UpstreamFailure } from "../failures";

/**
 * Revoked attestation ids, durable where the deployment is (PostgreSQL with DATABASE_URL).
 * A revocation is final: revoking an id again keeps the first record.
 */
export interface RevocationStore {
  /** Records the revocation unless the id is already revoked; answers the record that stands. */
  revoke(revocation: Revocation): TaskEither<UpstreamFailure, Revocation>;
  find(id: string): TaskEither<UpstreamFailure, Revocation | null>;
  /** Newest first, at most `limit`. */
  list(limit: number): TaskEither<UpstreamFailure, readonly Revocation[]>;
}

export const RevocationStore = Symbol.for("RevocationStore");
