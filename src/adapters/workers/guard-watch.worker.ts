import * as E from "fp-ts/Either";
import type { BlockStream, BlockSubscriber } from "../../application/ports/block-stream.port";
import type { WatchBlock } from "../../application/use-cases/protocol-guard/watch-block.use-case";
import type { BlockActivity } from "../../domain/protocol-guard/block-activity";
import type { Worker, WorkerLog } from "./worker";

/** A block that failed (storage or scoring down) is retried after this long, never skipped. */
const RETRY_MS = 2_000;

/**
 * Feeds the Protocol Guard watcher from the block stream, one block at a time and in order, from its
 * cursor (or, on a first start, the stream's head). The stream is not held up by scoring: blocks are
 * queued here. A block that cannot be processed is retried until it is (the cursor does not move past
 * it). A reorganisation deeper than the confirmation lag and blocks that never reached the watcher are
 * logged as errors.
 */
export class GuardWatchWorker implements Worker {
  readonly name = "Protocol Guard watcher";
  private stopped = false;
  private queue: Promise<void> = Promise.resolve();
  /** The last block queued; null until the first when the watcher has no cursor (it starts at the head). */
  private queued: number | null = null;
  private readonly subscriber: BlockSubscriber = {
    name: "Protocol Guard watcher",
    position: () => this.queued,
    receive: async (blocks, _from, to) => {
      for (const block of blocks) this.queue = this.queue.then(() => this.process(block.activity));
      this.queued = to;
    },
  };

  constructor(
    private readonly watcher: WatchBlock,
    private readonly stream: BlockStream,
    private readonly log: WorkerLog,
  ) {}

  async start(): Promise<void> {
    const { reset } = await this.watcher.resume(this.stream.latest);
    if (reset !== null)
      this.log.error(
        { cursor: reset },
        "the Protocol Guard cursor's block is not on this chain; watching from the head",
      );
    const position = await this.watcher.position();
    this.queued = position === null ? null : position.number;
    this.stream.subscribe(this.subscriber);
  }

  /** Resolves once every block handed over so far has been processed. */
  idle(): Promise<void> {
    return this.queue;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stream.unsubscribe(this.subscriber);
    await this.queue;
  }

  private async process(block: BlockActivity): Promise<void> {
    while (!this.stopped) {
      const outcome = await this.watcher.execute(block);
      if (E.isLeft(outcome)) {
        this.log.warn({ block: block.number, detail: outcome.left.detail }, "guard watch failed; retrying");
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        continue;
      }
      const result = outcome.right;
      if (result.kind === "reorg")
        this.log.error(result, "chain reorganised below the Protocol Guard cursor (deeper than the confirmation lag)");
      if (result.kind === "gap") this.log.error(result, "blocks never reached the Protocol Guard watcher");
      if (result.kind !== "skipped" && result.events > 0) this.log.info(result, "guard watched block");
      return;
    }
  }
}
