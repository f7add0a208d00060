import * as E from "fp-ts/Either";
import type { BlockStream, BlockSubscriber } from "../../application/ports/block-stream.port";
import type { IndexStakingBlocks } from "../../application/use-cases/staking/index-staking-blocks.use-case";
import { singleFlightTimer, type SingleFlight } from "./single-flight-timer";
import type { Worker, WorkerLog } from "./worker";

/**
 * Keeps the staking leaderboard current: catch up at start, then a pass at each new block of the stream
 * (and once per interval, which retries a failed pass). Passes never overlap, and none runs ahead of our
 * own explorer index (`upTo`), which the indexer reads deployer facts from.
 */
export class StakingIndexWorker implements Worker {
  readonly name = "staking index";
  private timer: SingleFlight | undefined;
  private readonly heads: BlockSubscriber = {
    name: "staking index",
    // Only new heads: the indexer reads its own ranges (from its store's cursor) with getLogs.
    position: () => null,
    receive: async () => this.timer?.kick(),
    // Never called (no position of its own). The leaderboard is fed by its own getLogs ranges, not these blocks.
    rollback: async () => undefined,
  };

  constructor(
    private readonly indexer: IndexStakingBlocks,
    private readonly stream: BlockStream,
    private readonly upTo: () => number | undefined,
    private readonly log: WorkerLog,
    private readonly intervalMs = 2_000,
  ) {}

  /** Resolves once the leaderboard is caught up with the head (or the explorer index's head). */
  async start(): Promise<void> {
    this.timer ??= singleFlightTimer({
      intervalMs: this.intervalMs,
      work: async () => {
        const step = await this.indexer.execute(this.upTo())();
        if (E.isRight(step)) return !step.right.caughtUp;
        this.log.warn({ cause: step.left.cause.detail }, "staking index pass failed");
        return false;
      },
      onError: (error) => this.log.warn({ err: error }, "staking index pass failed"),
    });
    await this.timer.run();
    this.stream.subscribe(this.heads);
  }

  async stop(): Promise<void> {
    this.stream.unsubscribe(this.heads);
    await this.timer?.stop();
  }
}
