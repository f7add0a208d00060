import type { BlockStream, BlockSubscriber } from "../../application/ports/block-stream.port";
import type { WatchBlock } from "../../application/use-cases/protocol-guard/watch-block.use-case";
import type { WatchBlockOrSkip } from "../../application/use-cases/protocol-guard/watch-block-or-skip.use-case";
import type { GuardBlockJob, GuardBlockJobs } from "./guard-block-jobs";
import { tryBlockUntilSettled } from "./guard-block-tries";
import { resumeGuardCursor, rewindGuardCursor } from "./guard-cursor";
import type { Worker, WorkerLog } from "./worker";

/** How often an instance with nothing in hand asks for the next job (a block it queues wakes it at once). */
const CLAIM_POLL_MS = 250;
/** How often idle() looks whether the last queued job is settled. */
const IDLE_POLL_MS = 50;

/**
 * Protocol Guard's per-block work shared by the instances through a durable queue (GUARD_WORK_QUEUE=pg-boss).
 * Every instance queues every block its stream hands it, as one job per partition of the subscriptions
 * (GUARD_WORK_PARTITIONS; the job ids derive from the block and partition, so all but the first are no-ops,
 * and a successor of a killed chain follower misses nothing), and every instance claims jobs: each block's
 * partition is matched, scored and alerted on by one instance, in block order (the queue holds a partition's
 * next job back until the one before it is settled), while other instances work other partitions. The job
 * runs the same poison-block
 * tries as the in-process watcher; a held job carries a heartbeat, and one whose holder died goes to
 * another instance once the heartbeat lapses (its effects are the watcher's idempotent writes, so a
 * block half done before a crash queues nothing twice).
 */
export class QueuedGuardWatchWorker implements Worker {
  readonly name = "Protocol Guard watcher (shared queue)";
  private stopped = false;
  /** Waits in progress (the job loop, the poison-block backoff, idle()), and whether a queued block ends them. */
  private readonly waiters = new Map<() => void, boolean>();
  private working: Promise<void> = Promise.resolve();
  /** The last block queued; null until the first when the watcher has no cursor (it starts at the head). */
  private queued: number | null = null;
  private lastJobs: readonly string[] = [];
  private readonly subscriber: BlockSubscriber = {
    name: "Protocol Guard queue",
    position: () => this.queued,
    receive: async (blocks) => {
      for (const block of blocks) {
        this.lastJobs = await this.jobs.enqueue(block.activity);
        this.queued = block.number;
        this.branch.set(block.number, block.activity.hash);
        this.branch.delete(block.number - this.branchWindow);
      }
      this.wake("block");
    },
    rollback: async ({ ancestor }) => {
      // The shared cursor goes back to the ancestor, and jobs queued for the removed blocks (by any instance)
      // are dropped when claimed: the blocks this stream hands out next are the branch's.
      for (const number of [...this.branch.keys()]) if (number > ancestor.number) this.branch.delete(number);
      if (this.queued !== null) this.queued = Math.min(this.queued, ancestor.number);
      await rewindGuardCursor(
        this.watcher,
        ancestor,
        this.log,
        { stopped: () => this.stopped, pause: (ms) => this.pause(ms, false) },
        this.jobs.partitions,
      );
    },
  };
  /** The hash this instance's stream handed out at each recent height: a job for another block there was removed. */
  private readonly branch = new Map<number, string>();

  constructor(
    private readonly watcher: WatchBlock,
    private readonly policy: WatchBlockOrSkip,
    private readonly stream: BlockStream,
    private readonly jobs: GuardBlockJobs,
    private readonly log: WorkerLog,
    /** Heights of the branch remembered: the stream's reorganisation bound (REORG_MAX_DEPTH). */
    private readonly branchWindow: number,
  ) {}

  async start(): Promise<void> {
    this.queued = await resumeGuardCursor(this.watcher, this.stream, this.log, this.jobs.partitions);
    this.stream.subscribe(this.subscriber);
    this.working = this.work();
  }

  /** Resolves once the last block this instance queued is settled, every partition (by whichever instance worked it). */
  async idle(): Promise<void> {
    for (const id of this.lastJobs)
      while (!this.stopped && !(await this.jobs.settled(id))) await this.pause(IDLE_POLL_MS, false);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stream.unsubscribe(this.subscriber);
    this.wake("all");
    await this.working;
  }

  private async work(): Promise<void> {
    while (!this.stopped) {
      let job: GuardBlockJob | null = null;
      try {
        job = await this.jobs.claim();
      } catch (error) {
        this.log.warn({ err: error }, "claiming a Protocol Guard job failed; trying again");
      }
      if (job === null) await this.pause(CLAIM_POLL_MS, true);
      else await this.run(job);
    }
  }

  private async run(job: GuardBlockJob): Promise<void> {
    const onBranch = this.branch.get(job.block.number);
    if (onBranch !== undefined && onBranch !== job.block.hash) {
      this.log.info(
        { block: job.block.number, hash: job.block.hash },
        "Protocol Guard job for a removed block dropped",
      );
      await this.jobs
        .complete(job)
        .catch((error: unknown) => this.log.warn({ err: error, job: job.id }, "dropping a job failed"));
      return;
    }
    let held = true;
    const beat = setInterval(() => {
      this.jobs.heartbeat(job).then(
        (still) => {
          if (still) return;
          held = false;
          this.log.warn({ block: job.block.number, job: job.id }, "Protocol Guard job lapsed; another instance has it");
          this.wake("all");
        },
        (error: unknown) => this.log.warn({ err: error, job: job.id }, "Protocol Guard job heartbeat failed"),
      );
    }, this.jobs.heartbeatEveryMs);
    try {
      const settled = await tryBlockUntilSettled(
        job.block,
        this.policy,
        this.log,
        {
          stopped: () => this.stopped || !held,
          // A new block does not cut the poison-block backoff short.
          pause: (ms) => this.pause(ms, false),
        },
        job.partition,
      );
      // A lapsed job is another instance's now: settling it here would cut that one's claim short.
      if (!held) return;
      if (settled) await this.jobs.complete(job);
      else await this.jobs.release(job);
    } catch (error) {
      // Left held: the heartbeat stops with this call, the job lapses and is worked again (idempotently).
      this.log.warn({ err: error, block: job.block.number, job: job.id }, "settling a Protocol Guard job failed");
    } finally {
      clearInterval(beat);
    }
  }

  /** Waits, cut short by stop() or a lapsed job, and by a block this instance queued when `onBlock`. */
  private pause(ms: number, onBlock: boolean): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.set(done, onBlock);
    });
  }

  private wake(cause: "block" | "all"): void {
    for (const [done, onBlock] of [...this.waiters]) if (cause === "all" || onBlock) done();
  }
}
