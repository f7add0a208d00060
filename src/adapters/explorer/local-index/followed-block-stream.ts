import type { BlockStream, BlockSubscriber, ChainReorg } from "../../../application/ports/block-stream.port";
import { ChainBranchCheck, type BranchCheckSettings } from "./chain-branch-check";
import type { BlockSource } from "./block-source";

export type { BlockSource, ChainHead } from "./block-source";
export type { ReorgEvent } from "./chain-branch-check";

/** Reorganisations found in one pass before it gives up (a node flapping between branches). */
const MAX_REORGS_PER_PASS = 8;

export interface StreamSettings extends BranchCheckSettings {
  /** Stay this many blocks behind the head, for chains that reorganise. */
  readonly confirmations: number;
  /** Blocks fetched per step of a catch-up. */
  readonly blocksPerStep: number;
  readonly pollIntervalMs: number;
  /** A failed poll, or a subscriber that failed to keep a range (it is offered again at the next poll). */
  readonly onError: (error: unknown, subscriber?: string) => void;
}

interface Entry {
  readonly subscriber: BlockSubscriber;
  /** For a subscriber with no history of its own (position null): the last block handed to it. */
  live: number | undefined;
}

/**
 * The one chain follower of a process: reads new heads from its source (a catch-up to the head, then
 * one poll per interval; polls never overlap) and hands every subscriber, in order and once, the blocks
 * after its own position. Subscribers near the newest position are served together from one read; one
 * far behind (a durable cursor from before a restart) is caught up in bounded steps after them, so the
 * live ones stay live.
 *
 * A chain that replaces blocks already handed out (a reorganisation) is found by `ChainBranchCheck` at one
 * hash compare per block read: the source and every subscriber past the common ancestor roll back to it,
 * then the new branch is handed out from there.
 */
export class FollowedBlockStream implements BlockStream {
  private readonly entries: Entry[] = [];
  private last: { readonly number: number; readonly hash: string } | undefined;
  private caught = false;
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly branch: ChainBranchCheck;
  private seeded = false;

  constructor(
    private readonly source: BlockSource,
    private readonly settings: StreamSettings,
  ) {
    this.branch = new ChainBranchCheck(source, settings, (reorg) => this.rollBackSubscribers(reorg));
  }

  subscribe(subscriber: BlockSubscriber): void {
    this.entries.push({ subscriber, live: subscriber.position() === null ? this.last?.number : undefined });
  }

  unsubscribe(subscriber: BlockSubscriber): void {
    const at = this.entries.findIndex((entry) => entry.subscriber === subscriber);
    if (at >= 0) this.entries.splice(at, 1);
  }

  get latest(): { readonly number: number; readonly hash: string } | undefined {
    return this.last;
  }

  /** The deepest reorganisation it rolls back: what a subscriber must be able to undo. */
  get maxReorgDepth(): number {
    return this.settings.maxReorgDepth;
  }

  /** True when the last pass left no subscriber behind the head. */
  get caughtUp(): boolean {
    return this.caught;
  }

  /** Catches every subscriber up with the head (rejecting if the node cannot be read), then polls. */
  async start(): Promise<void> {
    if (this.running) return;
    await this.syncOnce();
    this.running = true;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    await this.queue.catch(() => undefined);
  }

  /** One pass now (after one under way); resolves with the head it reached, rejects if anything failed. */
  syncOnce(): Promise<number> {
    const sync = this.queue.then(() => this.pass());
    this.queue = sync.catch(() => undefined);
    return sync;
  }

  private schedule(): void {
    if (!this.running) return;
    this.timer = setTimeout(() => {
      void this.syncOnce()
        .catch((error: unknown) => this.settings.onError(error))
        .finally(() => this.schedule());
    }, this.settings.pollIntervalMs);
    // A forgotten stop() must not keep the process alive.
    this.timer.unref();
  }

  /** Re-reads the head after each round, so a pass ends at the head as it is when it ends. */
  private async pass(): Promise<number> {
    if (!this.seeded && this.source.handedOutBefore !== undefined)
      this.branch.seed(await this.source.handedOutBefore(this.settings.maxReorgDepth + 1));
    this.seeded = true;
    await this.branch.stillRefused();
    const failed = new Map<BlockSubscriber, unknown>();
    let head = -1;
    let reorgs = 0;
    for (;;) {
      const tip = await this.source.head();
      head = (tip?.number ?? -1) - this.settings.confirmations;
      // With no lag the tip is the block to check; behind a lag, only a head below ours is (one block read).
      const checked = this.settings.confirmations === 0 ? tip : null;
      const outcome =
        head <= this.branch.newest && (await this.branch.headDiffers(head, checked?.hash ?? null))
          ? "reorganised"
          : await this.round(head, failed);
      if (outcome === "idle") break;
      if (outcome === "reorganised" && ++reorgs > MAX_REORGS_PER_PASS)
        throw new Error(`the chain reorganised ${reorgs} times in one pass; trying again at the next poll`);
    }
    this.caught = failed.size === 0;
    const failures = [...failed.entries()];
    for (const [subscriber, error] of failures.slice(1)) this.settings.onError(error, subscriber.name);
    const first = failures[0];
    if (first !== undefined)
      throw new Error(`block subscriber ${first[0].name} failed: ${String(first[1])}`, { cause: first[1] });
    return head;
  }

  /** Serves every subscriber behind `head`: "served", "idle" (nothing new) or "reorganised" (read the head again). */
  private async round(head: number, failed: Map<BlockSubscriber, unknown>): Promise<"served" | "idle" | "reorganised"> {
    let served: "served" | "idle" = "idle";
    for (;;) {
      const behind = this.entries
        .filter((entry) => !failed.has(entry.subscriber))
        .map((entry) => ({ entry, at: this.positionOf(entry, head) }))
        .filter(({ at }) => at < head);
      if (behind.length === 0) return served;
      served = "served";
      this.caught = false;
      const lead = Math.max(...behind.map(({ at }) => at));
      const group = behind.filter(({ at }) => at >= lead - this.settings.blocksPerStep);
      const from = Math.min(...group.map(({ at }) => at)) + 1;
      const to = Math.min(head, from + this.settings.blocksPerStep - 1);
      const blocks = await this.source.fetchRange(from, to);
      const broken = this.branch.firstBreak(blocks);
      if (broken !== undefined) {
        await this.branch.reorganise(broken.number - 1, broken.differs ? broken.hash : null);
        return "reorganised";
      }
      this.branch.record(blocks);
      const newest = blocks.at(-1);
      if (newest !== undefined && (this.last === undefined || newest.number > this.last.number))
        this.last = { number: newest.number, hash: newest.activity.hash };
      for (const { entry, at } of group) {
        if (at >= to) continue;
        try {
          await entry.subscriber.receive(
            blocks.filter((block) => block.number > at),
            at + 1,
            to,
          );
          if (entry.live !== undefined) entry.live = to;
        } catch (error) {
          failed.set(entry.subscriber, error);
        }
      }
    }
  }

  private positionOf(entry: Entry, head: number): number {
    const own = entry.subscriber.position();
    if (own !== null) return own;
    // No head yet (a published stream nobody has published to): latch at the first one there is.
    if (entry.live === undefined && this.last === undefined && head < 0) return head;
    entry.live ??= this.last?.number ?? head;
    return entry.live;
  }

  /** Every subscriber past the ancestor rolls back (all are tried; any failure fails the pass, to be retried). */
  private async rollBackSubscribers(reorg: ChainReorg): Promise<void> {
    const failures: string[] = [];
    for (const entry of this.entries) {
      if (entry.live !== undefined && entry.live > reorg.ancestor.number) entry.live = reorg.ancestor.number;
      const own = entry.subscriber.position();
      if (own === null || own <= reorg.ancestor.number) continue;
      try {
        await entry.subscriber.rollback(reorg);
      } catch (error) {
        failures.push(`${entry.subscriber.name}: ${String(error)}`);
      }
    }
    if (failures.length > 0)
      throw new Error(
        `rolling back to block ${reorg.ancestor.number} failed (tried again next poll): ${failures.join("; ")}`,
      );
    this.last = reorg.ancestor;
  }
}
