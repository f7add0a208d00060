import { createHash, randomBytes } from "node:crypto";
import { injectable } from "inversify";
import type { SnapshotStore } from "../../application/ports/snapshot-store.port";
import type { Address } from "../../domain/chain/address";
import {
  canonicalSnapshotContent,
  SNAPSHOT_LIST_MAX,
  type Snapshot,
  type SnapshotDraft,
} from "../../domain/snapshots/snapshot";

export interface InMemorySnapshotStoreOptions {
  /** Snapshots kept per subject (oldest dropped first); at least what a list can ask for. */
  readonly perSubject: number;
  /** Subjects kept (least recently scored dropped first), so memory stays bounded. */
  readonly maxSubjects: number;
}

/**
 * API contract: snapshots are held in process memory. Bounded per subject and in subjects; a
 * restart forgets them, which docs/choices.md says.
 */
@injectable()
export class InMemorySnapshotStore implements SnapshotStore {
  private readonly bySubject = new Map<Address, Snapshot[]>();
  private readonly byIdIndex = new Map<string, Snapshot>();
  private readonly options: InMemorySnapshotStoreOptions;

  constructor(options: Partial<InMemorySnapshotStoreOptions> = {}) {
    this.options = {
      perSubject: Math.max(SNAPSHOT_LIST_MAX, options.perSubject ?? 100),
      maxSubjects: options.maxSubjects ?? 100_000,
    };
  }

  async record(draft: SnapshotDraft): Promise<Snapshot> {
    const snapshot: Snapshot = {
      ...draft,
      flags: [...draft.flags],
      id: `snap_${randomBytes(12).toString("hex")}`,
      contentHash: `sha256:${createHash("sha256").update(canonicalSnapshotContent(draft)).digest("hex")}`,
    };
    const list = this.bySubject.get(draft.subject) ?? [];
    this.bySubject.delete(draft.subject); // re-insert: Map order is our recency order
    list.push(snapshot);
    this.byIdIndex.set(snapshot.id, snapshot);
    while (list.length > this.options.perSubject) this.byIdIndex.delete(list.shift()!.id);
    this.bySubject.set(draft.subject, list);
    if (this.bySubject.size > this.options.maxSubjects) this.evictOldestSubject();
    return snapshot;
  }

  async listFor(subject: Address, limit: number): Promise<readonly Snapshot[]> {
    const list = this.bySubject.get(subject) ?? [];
    return list.slice(-Math.max(0, limit)).reverse();
  }

  async byId(id: string): Promise<Snapshot | null> {
    return this.byIdIndex.get(id) ?? null;
  }

  private evictOldestSubject(): void {
    const [oldest] = this.bySubject.keys();
    if (oldest === undefined) return;
    for (const snapshot of this.bySubject.get(oldest) ?? []) this.byIdIndex.delete(snapshot.id);
    this.bySubject.delete(oldest);
  }
}
