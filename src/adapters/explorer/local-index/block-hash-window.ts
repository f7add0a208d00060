import type { StreamedBlock } from "../../../application/ports/block-stream.port";

/**
 * The hashes of the newest blocks the stream handed out, `depth + 1` of them: enough to tell where a branch
 * of at most `depth` blocks left ours, and nothing older (a few kilobytes whatever the chain).
 */
export class BlockHashWindow {
  private readonly hashes = new Map<number, string>();
  private top = -1;

  constructor(readonly depth: number) {}

  /** The newest block recorded, -1 before the first. */
  get newest(): number {
    return this.top;
  }

  /** The lowest block number the window may hold (what is older was forgotten). */
  get bottom(): number {
    return Math.max(0, this.top - this.depth);
  }

  get(number: number): string | undefined {
    return this.hashes.get(number);
  }

  /** Blocks handed out (in order; a far subscriber's older range only fills what the window still covers). */
  record(blocks: readonly StreamedBlock[]): void {
    for (const block of blocks) this.put(block.number, block.activity.hash);
  }

  /** One block handed out, by number and hash (also what a restart knows was handed out before it). */
  put(number: number, hash: string): void {
    if (number > this.top) {
      this.hashes.set(number, hash);
      this.hashes.delete(number - this.depth - 1);
      // A jump (a first range, or a catch-up) leaves older numbers behind: forget them all at once.
      if (number > this.top + 1 && this.hashes.size > this.depth + 1) this.trim(number);
      this.top = number;
    } else if (number >= this.top - this.depth && !this.hashes.has(number)) this.hashes.set(number, hash);
  }

  /** Forgets the blocks after `ancestor` (a reorganisation removed them). */
  dropAbove(ancestor: number): void {
    for (const number of [...this.hashes.keys()]) if (number > ancestor) this.hashes.delete(number);
    this.top = Math.min(this.top, ancestor);
  }

  private trim(newest: number): void {
    for (const number of [...this.hashes.keys()]) if (number < newest - this.depth) this.hashes.delete(number);
  }
}
