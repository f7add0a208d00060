import type { Address } from "../chain/address";

export type SnapshotSubjectType = "wallet" | "token" | "nft" | "contract";

/** What a score computation hands to the store; the store adds the id and the content hash. */
export interface SnapshotDraft {
  readonly subject: Address;
  readonly subjectType: SnapshotSubjectType;
  readonly score: number | null;
  readonly tier: string;
  readonly confidence: number;
  readonly flags: readonly string[];
  readonly scoringVersion: string;
  /** Wall-clock time of the computation, ISO 8601. */
  readonly queriedAt: string;
  /** The chain block the score reflects (chain time). */
  readonly block: { readonly number: number; readonly timestamp: number };
}

export interface Snapshot extends SnapshotDraft {
  /** `snap_<id>` (API contract). */
  readonly id: string;
  /** sha256 of the draft's canonical JSON, so a relying party can tell two snapshots apart. */
  readonly contentHash: string;
}

export const SNAPSHOT_ID_PATTERN = /^snap_[0-9a-f]{16,64}$/;

/** API contract: `limit` is clamped to 1..50; 20 when absent. */
export const SNAPSHOT_LIST_DEFAULT = 20;
export const SNAPSHOT_LIST_MAX = 50;

/** API contract: `limit` clamped to 1..50, 20 when absent or not a number. */
export function clampSnapshotLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return SNAPSHOT_LIST_DEFAULT;
  return Math.min(SNAPSHOT_LIST_MAX, Math.max(1, Math.floor(limit)));
}

/** Canonical JSON of a draft: fixed key order, so equal content hashes equal. */
export function canonicalSnapshotContent(draft: SnapshotDraft): string {
  return JSON.stringify([
    draft.subject,
    draft.subjectType,
    draft.score,
    draft.tier,
    draft.confidence,
    [...draft.flags].sort(),
    draft.scoringVersion,
    draft.queriedAt,
    draft.block.number,
    draft.block.timestamp,
  ]);
}
