import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import { clampSnapshotLimit, type Snapshot } from "../../../domain/snapshots/snapshot";
import { type UpstreamFailure, upstreamFailure } from "../../failures";
import { SnapshotStore } from "../../ports/snapshot-store.port";

export const snapshotStoreFailed = (error: unknown): UpstreamFailure =>
  upstreamFailure("storage", `snapshot store: ${error instanceof Error ? error.message : String(error)}`);

/** GET /api/snapshots/{address}?limit=n: the subject's snapshots, newest first. */
@injectable()
export class ListSnapshots {
  constructor(@inject(SnapshotStore) private readonly snapshots: SnapshotStore) {}

  execute(address: Address, limit?: number): TE.TaskEither<UpstreamFailure, readonly Snapshot[]> {
    return TE.tryCatch(() => this.snapshots.listFor(address, clampSnapshotLimit(limit)), snapshotStoreFailed);
  }
}
