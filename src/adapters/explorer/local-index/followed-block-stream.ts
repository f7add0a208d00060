import type { BlockStream, BlockSubscriber } from "../../../application/ports/block-stream.port";
import type { IndexedBlock } from "./indexed-block";

export interface BlockSource {
  headNumber(): Promise<number>;
  /** Blocks `from..to` inclusive, every number, in order. */
  fetchRange(from: number, to: number): Promise<IndexedBlock[]>;
}

export interface StreamSettings {
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
 * live ones stay live. Reorganisations are left to the confirmation lag and to subscribers that compare
 * parent hashes (the Protocol Guard watcher), as the index always did.
 */
export class FollowedBlockStream implements BlockStream {
  private readonly entries: Entry[] = [];
  private last: { readonly number: number; readonly hash: string } | undefined;
  private caught = false;
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly source: BlockSource,
    private readonly settings: StreamSettings,
  ) {}

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
    const failed = new Map<BlockSubscriber, unknown>();
    let head = -1;
    for (;;) {
      head = (await this.source.headNumber()) - this.settings.confirmations;
      if (!(await this.round(head, failed))) break;
    }
    this.caught = failed.size === 0;
    const failures = [...failed.entries()];
    for (const [subscriber, error] of failures.slice(1)) this.settings.onError(error, subscriber.name);
    const first = failures[0];
    if (first !== undefined)
      throw new Error(`block subscriber ${first[0].name} failed: ${String(first[1])}`, { cause: first[1] });
    return head;
  }

  /** Serves every subscriber behind `head`; false when none was (nothing new). */
  private async round(head: number, failed: Map<BlockSubscriber, unknown>): Promise<boolean> {
    let served = false;
    for (;;) {
      const behind = this.entries
        .filter((entry) => !failed.has(entry.subscriber))
        .map((entry) => ({ entry, at: this.positionOf(entry, head) }))
        .filter(({ at }) => at < head);
      if (behind.length === 0) return served;
      served = true;
      this.caught = false;
      const lead = Math.max(...behind.map(({ at }) => at));
      const group = behind.filter(({ at }) => at >= lead - this.settings.blocksPerStep);
      const from = Math.min(...group.map(({ at }) => at)) + 1;
      const to = Math.min(head, from + this.settings.blocksPerStep - 1);
      const blocks = await this.source.fetchRange(from, to);
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
}
