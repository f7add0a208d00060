/**
 * Protocol Guard's per-block work split by subscription (GUARD_WORK_PARTITIONS): a subscription belongs to
 * partition hash(id) mod `count`, and each partition is watched on its own (its own cursor, its own
 * poison-block count, its own ordered queue key), so instances can work different partitions of a block at
 * once while each subscription still sees its blocks in order. `count` 1 is the whole chain, as before.
 */
export interface GuardPartition {
  readonly index: number;
  readonly count: number;
}

export const WHOLE_CHAIN: GuardPartition = { index: 0, count: 1 };

/** FNV-1a (32 bits) of the id: stable across processes and versions, and spread evenly over random ids. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The partition `subscriptionId` belongs to among `count`. */
export function partitionOf(subscriptionId: string, count: number): number {
  return count <= 1 ? 0 : fnv1a(subscriptionId) % count;
}

export function inPartition(subscriptionId: string, partition: GuardPartition): boolean {
  return partitionOf(subscriptionId, partition.count) === partition.index;
}

/** Every partition of a split into `count`, in index order. */
export function partitionsOf(count: number): readonly GuardPartition[] {
  return Array.from({ length: Math.max(1, count) }, (_, index) => ({ index, count: Math.max(1, count) }));
}

/**
 * What a partition adds to the keys of the state kept per watcher (cursor, attempts, queue key): nothing for
 * the whole chain, so the unpartitioned watcher keeps the rows it always had.
 */
export function partitionSuffix(partition: GuardPartition): string {
  return partition.count <= 1 ? "" : `/p${partition.index}of${partition.count}`;
}
