import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import type { Snapshot } from "../../../domain/snapshots/snapshot";
import type { UpstreamFailure } from "../../failures";
import { SnapshotStore } from "../../ports/snapshot-store.port";
import { snapshotStoreFailed } from "./list-snapshots.use-case";

/** The id names no snapshot of this subject: 404 `not_found`. */
export interface SnapshotNotFound {
  readonly _tag: "SnapshotNotFound";
  readonly id: string;
}

export type GetSnapshotFailure = SnapshotNotFound | UpstreamFailure;

/** GET /api/snapshots/{address}?id=snap_<id>: one snapshot, only under the subject it belongs to. */
@injectable()
export class GetSnapshot {
  constructor(@inject(SnapshotStore) private readonly snapshots: SnapshotStore) {}

  execute(address: Address, id: string): TE.TaskEither<GetSnapshotFailure, Snapshot> {
    return pipe(
      TE.tryCatch(() => this.snapshots.byId(id), snapshotStoreFailed),
      TE.chainW((snapshot) =>
        snapshot === null || snapshot.subject !== address
          ? TE.left<GetSnapshotFailure, Snapshot>({ _tag: "SnapshotNotFound", id })
          : TE.right(snapshot),
      ),
    );
  }
}
