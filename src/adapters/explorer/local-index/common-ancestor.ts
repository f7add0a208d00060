import type { BlockHashWindow } from "./block-hash-window";
import type { BlockSource } from "./block-source";

export type AncestorSearch =
  /** The newest block the node and the stream agree on; `replacedBy`: the node's block after it, when read. */
  | {
      readonly kind: "found";
      readonly ancestor: { readonly number: number; readonly hash: string };
      readonly replacedBy: string | null;
    }
  /** No block the window still holds is on the node's chain (down to `lowest`). */
  | { readonly kind: "not found"; readonly lowest: number };

/**
 * Walks back from `start` comparing the node's hashes with the ones handed out: one block first (most
 * reorganisations are one block deep), then ranges four times longer, never below what the window holds.
 */
export async function findCommonAncestor(
  source: BlockSource,
  window: BlockHashWindow,
  start: number,
  /** The node's hash of block `start + 1`, when the caller read it. */
  seenAbove: string | null = null,
): Promise<AncestorSearch> {
  let top = Math.min(start, window.newest);
  let step = 1;
  let replacedBy = top === start ? seenAbove : null;
  let lowest = top + 1;
  while (top >= window.bottom) {
    const from = Math.max(window.bottom, top - step + 1);
    const blocks = await source.fetchRange(from, top);
    for (let i = blocks.length - 1; i >= 0; i--) {
      const block = blocks[i]!;
      const ours = window.get(block.number);
      if (ours === undefined) return { kind: "not found", lowest };
      if (ours === block.activity.hash)
        return { kind: "found", ancestor: { number: block.number, hash: ours }, replacedBy };
      replacedBy = block.activity.hash;
      lowest = block.number;
    }
    top = from - 1;
    step *= 4;
  }
  return { kind: "not found", lowest };
}
