import type { BlockStream, BlockSubscriber } from "../../application/ports/block-stream.port";
import type { WatchBlock } from "../../application/use-cases/protocol-guard/watch-block.use-case";
import type { WatchBlockOrSkip } from "../../application/use-cases/protocol-guard/watch-block-or-skip.use-case";
import type { BlockActivity } from "../../domain/protocol-guard/block-activity";
import { tryBlockUntilSettled } from "./guard-block-tries";
import { resumeGuardCursor, rewindGuardCursor } from "./guard-cursor";
import type { Worker, WorkerLog } from "./worker";

/**
 * Feeds the Protocol Guard watcher from the block stream, one block at a time and in order, from its
 * cursor (or, on a first start, the stream's head). The stream is not held up by scoring: blocks are
 * queued here. A block that cannot be processed is retried (the cursor does not move past it) until the
 * poison-block policy gives up on it: then it is skipped with a `block_skipped` alert to the
 * subscriptions it concerns, logged at warn (the service keeps no metrics registry: the log line is the
 * signal). A failure that cannot even be counted (storage down) is retried without end, never skipped.
 * A reorganisation deeper than the confirmation lag and blocks that never reached the watcher are
 * logged as errors.
 */
export class GuardWatchWorker implements Worker {
  readonly name = "Protocol Guard watcher";
  private stopped = false;
  private wake: () => void = () => undefined;
  private queue: Promise<void> = Promise.resolve();
  /** The last block queued; null until the first when the watcher has no cursor (it starts at the head). */
  private queued: number | null = null;
  /** The ancestor of each reorganisation while blocks queued before it may still wait their turn. */
  private readonly rewinds: number[] = [];
  private pending = 0;
  private readonly subscriber: BlockSubscriber = {
    name: "Protocol Guard watcher",
    position: () => this.queued,
    receive: async (blocks, _from, to) => {
      for (const block of blocks) {
        const seen = this.rewinds.length;
        this.enqueue(() => (this.removed(block.number, seen) ? Promise.resolve() : this.process(block.activity)));
      }
      this.queued = to;
    },
    rollback: async ({ ancestor }) => {
      // Blocks still queued past the ancestor were removed; the cursor goes back so the new branch is watched.
      this.rewinds.push(ancestor.number);
      this.enqueue(() => this.rewind(ancestor));
      if (this.queued !== null) this.queued = Math.min(this.queued, ancestor.number);
    },
  };

  constructor(
    private readonly watcher: WatchBlock,
    private readonly policy: WatchBlockOrSkip,
    private readonly stream: BlockStream,
    private readonly log: WorkerLog,
  ) {}

  async start(): Promise<void> {
    this.queued = await resumeGuardCursor(this.watcher, this.stream, this.log);
    this.stream.subscribe(this.subscriber);
  }

  /** Resolves once every block handed over so far has been processed. */
  idle(): Promise<void> {
    return this.queue;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stream.unsubscribe(this.subscriber);
    this.wake();
    await this.queue;
  }

  private enqueue(step: () => Promise<void>): void {
    this.pending++;
    this.queue = this.queue.then(step).finally(() => {
      if (--this.pending === 0) this.rewinds.length = 0;
    });
  }

  /** Queued before a reorganisation (`seen` of them had happened) whose ancestor is below it. */
  private removed(number: number, seen: number): boolean {
    return this.rewinds.slice(seen).some((ancestor) => number > ancestor);
  }

  private rewind(ancestor: { readonly number: number; readonly hash: string }): Promise<void> {
    return rewindGuardCursor(this.watcher, ancestor, this.log, this.control);
  }

  private async process(block: BlockActivity): Promise<void> {
    await tryBlockUntilSettled(block, this.policy, this.log, this.control);
  }

  /** Tries and rewinds stop with the worker; their backoffs are cut short by stop(). */
  private readonly control = { stopped: () => this.stopped, pause: (ms: number) => this.pause(ms) };

  /** Waits, cut short by stop() so a shutdown is not held up by a backoff. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
