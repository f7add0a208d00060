import type { BlockActivity } from "../../../domain/protocol-guard/block-activity";

/** Blocks held for a listener that has not attached yet (the index catches up before the watcher starts). */
const HELD_MAX = 20_000;

/**
 * Hands the blocks the local index follows to one more listener (the Protocol Guard watcher), so
 * the chain is read once. Until the listener attaches, blocks are held (at most HELD_MAX; older ones
 * are dropped and the listener sees the gap); afterwards each block is passed on as it arrives.
 */
export class BlockRelay {
  private held: BlockActivity[] = [];
  private listener: ((block: BlockActivity) => void) | undefined;
  private last: { readonly number: number; readonly hash: string } | undefined;

  /** The sink side: called by the follower, in block order. */
  add(block: BlockActivity): void {
    this.last = { number: block.number, hash: block.hash };
    if (this.listener !== undefined) return this.listener(block);
    this.held.push(block);
    if (this.held.length > HELD_MAX) this.held.shift();
  }

  /** The newest block seen so far, if any. */
  get latest(): { readonly number: number; readonly hash: string } | undefined {
    return this.last;
  }

  /** Passes every held block, then each new one, to `listener`. */
  attach(listener: (block: BlockActivity) => void): void {
    const held = this.held;
    this.held = [];
    this.listener = listener;
    for (const block of held) listener(block);
  }

  detach(): void {
    this.listener = undefined;
  }
}
