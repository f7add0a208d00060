import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import { SNAPSHOT_LIST_DEFAULT, SNAPSHOT_LIST_MAX, type Snapshot } from "../../../domain/snapshots/snapshot";
import { type UpstreamFailure, upstreamFailure } from "../../failures";
import { SnapshotStore } from "../../ports/snapshot-store.port";

/** SPEC.md: `limit` clamped to 1..50, 20 when absent or not a number. */
export function clampSnapshotLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return SNAPSHOT_LIST_DEFAULT;
  return Math.min(SNAPSHOT_LIST_MAX, Math.max(1, Math.floor(limit)));
}

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
