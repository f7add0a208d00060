import type { Address } from "../../domain/chain/address";
import type { Snapshot, SnapshotDraft } from "../../domain/snapshots/snapshot";

/** Every computed score, kept so answers can be looked up and their stability judged. */
export interface SnapshotStore {
  record(draft: SnapshotDraft): Promise<Snapshot>;
  /** Newest first, at most `limit`. */
  listFor(subject: Address, limit: number): Promise<readonly Snapshot[]>;
  byId(id: string): Promise<Snapshot | null>;
}

export const SnapshotStore = Symbol.for("SnapshotStore");
