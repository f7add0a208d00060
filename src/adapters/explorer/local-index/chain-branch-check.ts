import type { ChainReorg } from "../../../application/ports/block-stream.port";
import { BlockHashWindow } from "./block-hash-window";
import { findCommonAncestor } from "./common-ancestor";
import type { BlockSource } from "./block-source";
import type { IndexedBlock } from "./indexed-block";

/** What the stream did about a chain that replaced blocks it had handed out. */
export type ReorgEvent =
  | ({
      readonly kind: "rolled back";
      readonly depth: number;
      /** The first removed height: the hash handed out there and the node's (null: the new branch is shorter). */
      readonly replaced: { readonly number: number; readonly oldHash: string; readonly newHash: string | null };
    } & ChainReorg)
  /** Deeper than the window of hashes: nothing is rolled back and the stream stops until the node agrees again. */
  | {
      readonly kind: "too deep";
      readonly maxDepth: number;
      readonly removed: { readonly number: number; readonly hash: string };
      readonly message: string;
    };

export interface BranchCheckSettings {
  /** Deepest reorganisation rolled back (REORG_MAX_DEPTH); deeper ones are refused. */
  readonly maxReorgDepth: number;
  /** One call per reorganisation rolled back or refused. */
  readonly onReorg: (event: ReorgEvent) => void;
}

/**
 * Keeps the stream on one branch. Each block read must follow the hash handed out at the height below it (and
 * match the one handed out at its own height); a node head below the newest block handed out is checked the
 * same way. On a mismatch it walks back to the newest block both branches share (at most `maxReorgDepth`),
 * has the source and the subscribers roll back to it (`rollBack`), and only then forgets the removed hashes:
 * a rollback that fails is found, and tried, again at the next poll. A deeper reorganisation cannot be placed:
 * it is refused (every pass fails with the reason) until the node's chain holds our newest block again, rather
 * than mix two branches or throw a durable index away on one node's word.
 */
export class ChainBranchCheck {
  private readonly hashes: BlockHashWindow;
  private refused: Error | undefined;

  constructor(
    private readonly source: BlockSource,
    private readonly settings: BranchCheckSettings,
    private readonly rollBack: (reorg: ChainReorg) => Promise<void>,
  ) {
    this.hashes = new BlockHashWindow(settings.maxReorgDepth);
  }

  /** The newest block handed out, -1 before the first. */
  get newest(): number {
    return this.hashes.newest;
  }

  /** Blocks handed out before this process (a restart), oldest first: the chain is checked against them too. */
  seed(blocks: readonly { readonly number: number; readonly hash: string }[]): void {
    for (const { number, hash } of blocks) this.hashes.put(number, hash);
  }

  /** Blocks about to be handed out (they passed `firstBreak`). */
  record(blocks: readonly IndexedBlock[]): void {
    this.hashes.record(blocks);
  }

  /** The first block of a read that does not follow (or match) what was handed out, if any: one compare per block. */
  firstBreak(blocks: readonly IndexedBlock[]): { number: number; differs: boolean; hash: string } | undefined {
    let parent = blocks.length === 0 ? undefined : this.hashes.get(blocks[0]!.number - 1);
    for (const block of blocks) {
      const { hash, parentHash } = block.activity;
      if (parent !== undefined && parentHash !== parent) return { number: block.number, differs: false, hash };
      // Only a far subscriber's range goes back over blocks already handed out.
      if (block.number <= this.hashes.newest) {
        const handed = this.hashes.get(block.number);
        if (handed !== undefined && handed !== hash) return { number: block.number, differs: true, hash };
      }
      parent = hash;
    }
    return undefined;
  }

  /**
   * The node's head is at or below the newest block handed out. Its hash, when the source gave it (`tipHash`),
   * is compared with ours at that height: a block replaced at the same height is found at the next poll, for
   * one string compare. Without it only a head below ours is checked (one block read): a lagging node (its
   * block there is ours: wait) or a shorter branch (walk back, true). A head below what the window holds
   * cannot be told apart: wait for it.
   */
  async headDiffers(head: number, tipHash: string | null): Promise<boolean> {
    const ours = head < 0 ? undefined : this.hashes.get(head);
    if (ours === undefined || (tipHash === null && head === this.hashes.newest)) return false;
    const theirs = tipHash ?? (await this.source.fetchRange(head, head))[0]?.activity.hash;
    if (theirs === undefined || theirs === ours) return false;
    await this.reorganise(head - 1, theirs);
    return true;
  }

  /** Block `start + 1` on the node is not the one handed out: finds the common ancestor and rolls back to it. */
  async reorganise(start: number, seenAbove: string | null): Promise<void> {
    const removed = { number: this.hashes.newest, hash: this.hashes.get(this.hashes.newest) ?? "" };
    const search = await findCommonAncestor(this.source, this.hashes, start, seenAbove);
    if (search.kind === "not found") {
      const message =
        `the chain reorganised deeper than REORG_MAX_DEPTH (${this.settings.maxReorgDepth}): block ${search.lowest} ` +
        `and every one after it up to ${removed.number} (${removed.hash}) are no longer on the node's chain and no ` +
        `older block this process followed is known to be; the index stops following until the node's chain holds ` +
        `block ${removed.number} again (a node on another fork), or a restart rebuilds it`;
      this.refused = new Error(message);
      this.settings.onReorg({ kind: "too deep", maxDepth: this.settings.maxReorgDepth, removed, message });
      throw this.refused;
    }
    const { ancestor } = search;
    // Nothing handed out was removed: the read itself straddled a change above our newest block. Read again.
    if (ancestor.number >= removed.number) return;
    await this.source.rollback?.(ancestor.number);
    await this.rollBack({ ancestor, removed });
    const replaced = {
      number: ancestor.number + 1,
      oldHash: this.hashes.get(ancestor.number + 1) ?? "",
      newHash: search.replacedBy,
    };
    this.hashes.dropAbove(ancestor.number);
    this.settings.onReorg({
      kind: "rolled back",
      depth: removed.number - ancestor.number,
      ancestor,
      removed,
      replaced,
    });
  }

  /** While refused, each pass checks (one block) whether the node's chain holds our newest block again. */
  async stillRefused(): Promise<void> {
    if (this.refused === undefined) return;
    const newest = this.hashes.newest;
    const [block] = await this.source.fetchRange(newest, newest);
    if (block?.activity.hash !== this.hashes.get(newest)) throw this.refused;
    this.refused = undefined;
  }
}
