import { expect } from "chai";
import * as E from "fp-ts/Either";
import type * as TE from "fp-ts/TaskEither";
import type { GuardBlockJob, GuardBlockJobs } from "../../../../src/adapters/workers/guard-block-jobs";
import { QueuedGuardWatchWorker } from "../../../../src/adapters/workers/queued-guard-watch.worker";
import type { WorkerLog } from "../../../../src/adapters/workers/worker";
import type { BlockStream, BlockSubscriber, StreamedBlock } from "../../../../src/application/ports/block-stream.port";
import type { WatchBlock } from "../../../../src/application/use-cases/protocol-guard/watch-block.use-case";
import type {
  GuardBlockOutcome,
  WatchBlockOrSkip,
} from "../../../../src/application/use-cases/protocol-guard/watch-block-or-skip.use-case";
import type { BlockActivity } from "../../../../src/domain/protocol-guard/block-activity";
import { WHOLE_CHAIN } from "../../../../src/domain/protocol-guard/guard-partition";

const block: BlockActivity = { number: 7, hash: "0x07", parentHash: "0x06", timestamp: 1, transactions: [], logs: [] };

/** One job in the queue; records what the worker does with it. */
class OneJob implements GuardBlockJobs {
  readonly heartbeatEveryMs = 5;
  readonly partitions = [WHOLE_CHAIN];
  readonly settledWith: string[] = [];
  holding = true;
  claims = 0;
  /** False holds the job back (claim answers nothing) until the test sets it. */
  ready = true;
  async enqueue(): Promise<readonly string[]> {
    return ["job-7"];
  }
  async claim(): Promise<GuardBlockJob | null> {
    if (!this.ready) return null;
    this.claims += 1;
    return this.claims === 1 ? { id: "job-7", attempt: 0, block, partition: WHOLE_CHAIN } : null;
  }
  async heartbeat(): Promise<boolean> {
    return this.holding;
  }
  async complete(): Promise<void> {
    this.settledWith.push("complete");
  }
  async release(): Promise<void> {
    this.settledWith.push("release");
  }
  async settled(): Promise<boolean> {
    return this.settledWith.length > 0;
  }
}

/** A block that fails every try (counted), so the worker sits in its poison-block backoff. */
const failing = (tries: { n: number }) =>
  ({
    execute: (): TE.TaskEither<never, GuardBlockOutcome> => async () => {
      tries.n += 1;
      return E.right({ kind: "failed", attempts: tries.n, reason: "scorer down" });
    },
  }) as unknown as WatchBlockOrSkip;

const watcher = {
  resume: async () => ({ reset: null }),
  position: async () => ({ number: 6, hash: "0x06" }),
} as unknown as WatchBlock;
const stream: BlockStream = { subscribe: () => undefined, unsubscribe: () => undefined, latest: undefined };
const quiet: WorkerLog = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).to.equal(true);
}

describe("QueuedGuardWatchWorker", () => {
  it("hands a held job back unsettled on shutdown, so another instance takes it at once", async () => {
    const jobs = new OneJob();
    const tries = { n: 0 };
    const worker = new QueuedGuardWatchWorker(watcher, failing(tries), stream, jobs, quiet, 64);
    await worker.start();
    await until(() => tries.n === 1);
    // In its 1 s backoff: stop() cuts it short and releases the job instead of completing it.
    await worker.stop();
    expect(jobs.settledWith).to.deep.equal(["release"]);
    expect(tries.n).to.equal(1);
  });

  it("drops a job whose heartbeat lapsed (another instance has it) without settling it", async () => {
    const jobs = new OneJob();
    const tries = { n: 0 };
    const worker = new QueuedGuardWatchWorker(watcher, failing(tries), stream, jobs, quiet, 64);
    await worker.start();
    await until(() => tries.n === 1);
    jobs.holding = false;
    // The next heartbeat says it is gone: no further try, neither complete nor release; back to claiming.
    await until(() => jobs.claims === 2);
    await worker.stop();
    expect(jobs.settledWith).to.deep.equal([]);
    expect(tries.n).to.equal(1);
  });

  it("after a reorganisation rewinds the shared cursor and drops a job queued for the removed block", async () => {
    const jobs = new OneJob();
    jobs.ready = false;
    const tries = { n: 0 };
    const rewound: unknown[] = [];
    const rewinding = {
      ...watcher,
      rewind: async (ancestor: unknown) => void rewound.push(ancestor),
    } as unknown as WatchBlock;
    let subscriber: BlockSubscriber | undefined;
    const following: BlockStream = { ...stream, subscribe: (s) => void (subscriber = s) };
    const worker = new QueuedGuardWatchWorker(rewinding, failing(tries), following, jobs, quiet, 64);
    await worker.start();
    // Block 7 (0x07) was queued, then replaced: the stream rolls back to 6 and hands out 7 of the new branch.
    await subscriber!.receive([{ number: 7, activity: block } as unknown as StreamedBlock], 7, 7);
    await subscriber!.rollback({ ancestor: { number: 6, hash: "0x06" }, removed: { number: 7, hash: "0x07" } });
    const replaced = { ...block, hash: "0x07b" };
    await subscriber!.receive([{ number: 7, activity: replaced } as unknown as StreamedBlock], 7, 7);
    expect(rewound).to.deep.equal([{ number: 6, hash: "0x06" }]);
    // The job another instance queued for the old 0x07 is claimed now: settled without being watched.
    jobs.ready = true;
    await until(() => jobs.settledWith.length === 1);
    await worker.stop();
    expect(jobs.settledWith).to.deep.equal(["complete"]);
    expect(tries.n).to.equal(0);
  });
});
