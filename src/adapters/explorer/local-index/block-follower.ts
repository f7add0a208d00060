import type { IndexedBlock } from "./indexed-block";

export interface BlockSource {
  headNumber(): Promise<number>;
  fetchRange(from: number, to: number): Promise<IndexedBlock[]>;
}

export interface BlockSink {
  /** Blocks `from..to` in order (some may be empty of activity); resolves once they are kept. */
  addRange(blocks: readonly IndexedBlock[], from: number, to: number): void | Promise<void>;
}

export interface FollowerSettings {
  readonly fromBlock: number;
  /** A durable cursor: the last block already kept (resume after it); default fromBlock - 1. */
  readonly resumeAfter?: number;
  readonly confirmations: number;
  /** Blocks fetched per step of a catch-up. */
  readonly blocksPerStep: number;
  readonly pollIntervalMs: number;
  readonly onError: (error: unknown) => void;
}

/**
 * Moves the index forward block by block: a catch-up to the head, then one poll per interval.
 * Syncs never overlap (each waits for the previous), so blocks reach the sink in order once.
 */
export class BlockFollower {
  private synced: number;
  private caught = false;
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly source: BlockSource,
    private readonly sink: BlockSink,
    private readonly settings: FollowerSettings,
  ) {
    this.synced = settings.resumeAfter ?? settings.fromBlock - 1;
  }

  get syncedTo(): number {
    return this.synced;
  }

  get caughtUp(): boolean {
    return this.caught;
  }

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

  syncOnce(): Promise<number> {
    const sync = this.queue.then(() => this.catchUp());
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

  /** Re-reads the head after each pass, so a catch-up ends at the head as it is when it ends. */
  private async catchUp(): Promise<number> {
    for (;;) {
      const head = (await this.source.headNumber()) - this.settings.confirmations;
      let next = this.synced + 1;
      if (next > head) break;
      this.caught = false;
      while (next <= head) {
        const to = Math.min(head, next + this.settings.blocksPerStep - 1);
        const blocks = await this.source.fetchRange(next, to);
        await this.sink.addRange(blocks, next, to);
        this.synced = to;
        next = to + 1;
      }
    }
    this.caught = true;
    return this.synced;
  }
}
