import { createHash } from "node:crypto";
import * as E from "fp-ts/Either";
import * as t from "io-ts";
import pg from "pg";
import { PgBoss } from "pg-boss";
import { AddressCodec } from "../../domain/chain/address";
import type { BlockActivity } from "../../domain/protocol-guard/block-activity";
import { partitionsOf, partitionSuffix, type GuardPartition } from "../../domain/protocol-guard/guard-partition";
import type { GuardBlockJob, GuardBlockJobs } from "./guard-block-jobs";

const QUEUE = "protocol-guard-blocks";
/** Longer than the longest poison-block run (100 tries, at most 30 s apart): only a stuck handler meets it. */
const EXPIRE_SECONDS = 3_600;
/**
 * Retries come from a lapsed heartbeat or a shutdown, never from a failing block (the poison-block policy
 * runs inside the job). A job that ran out of retries would be `failed`, and a failed job blocks its key
 * for good in a strict-FIFO queue, so the limit is out of reach.
 */
const RETRY_LIMIT = 1_000_000;
/**
 * Settled jobs are kept an hour (pg-boss's default is a week: 1.2 million rows at Arc's 0.5 s blocks). Kept,
 * a block queued again by an instance that follows late is a no-op; once deleted it is a new job that the
 * watcher passes over at once (the shared cursor is past it).
 */
const KEEP_SETTLED_SECONDS = 3_600;

const BlockCodec = t.readonly(
  t.type({
    number: t.number,
    hash: t.string,
    parentHash: t.string,
    timestamp: t.number,
    transactions: t.readonlyArray(
      t.type({
        hash: t.string,
        from: AddressCodec,
        to: t.union([AddressCodec, t.null]),
        input: t.string,
        success: t.boolean,
      }),
    ),
    logs: t.readonlyArray(
      t.type({
        address: AddressCodec,
        topics: t.readonlyArray(t.string),
        data: t.string,
        logIndex: t.number,
        txHash: t.string,
      }),
    ),
  }),
);

/** A job's data: the block, and which partition of the subscriptions the job watches it for. */
const ActivityCodec = t.intersection([BlockCodec, t.partial({ partition: t.number, partitions: t.number })]);
type StoredJob = t.TypeOf<typeof ActivityCodec>;

export interface PgBossGuardBlockJobsOptions {
  readonly connectionString: string;
  /** Where pg-boss keeps its tables (created and migrated by pg-boss at start). */
  readonly schema: string;
  readonly chainId: number;
  /** A held job whose heartbeat is this old is handed to another instance (pg-boss's minimum is 10). */
  readonly heartbeatSeconds: number;
  /** GUARD_WORK_PARTITIONS: jobs per block, one per partition of the subscriptions, each its own ordered key. */
  readonly partitions: number;
  readonly onError: (error: unknown) => void;
}

/**
 * A UUID derived from the block and the partition: the same block queued twice is the same jobs, whoever queues
 * it (unpartitioned, the id a block always had, so jobs queued before an upgrade are the same jobs).
 */
function jobId(chainId: number, block: BlockActivity, partition: GuardPartition): string {
  const name = `guard-block|${chainId}|${block.number}|${block.hash}${partitionSuffix(partition)}`;
  const hex = createHash("sha256").update(name).digest("hex");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * pg-boss keeps its tables in a schema of its own beside ours: `pgboss` beside `public`, or
 * `<schema>_pgboss` when DATABASE_URL's search_path names another schema (one deployment or test each).
 */
export async function guardJobsSchema(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ schema: string }>("SELECT current_schema() AS schema");
    const schema = rows[0]?.schema ?? "public";
    return schema === "public" ? "pgboss" : `${schema}_pgboss`;
  } finally {
    await client.end();
  }
}

/**
 * Protocol Guard's per-block jobs in pg-boss, in the PostgreSQL the instances already share. One queue
 * with the `key_strict_fifo` policy and one key per chain and partition: a job is fetched only when every
 * earlier job of its key is settled and none is held, so each partition's blocks are worked one at a time
 * and in order, by whichever instance claims its head, while other instances claim other partitions' heads.
 * Held jobs carry a heartbeat; the supervisor (every instance runs it) puts a job whose heartbeat lapsed
 * back at the head, for another instance.
 */
export class PgBossGuardBlockJobs implements GuardBlockJobs {
  readonly heartbeatEveryMs: number;
  readonly partitions: readonly GuardPartition[];
  private readonly boss: PgBoss;

  constructor(private readonly options: PgBossGuardBlockJobsOptions) {
    this.heartbeatEveryMs = (options.heartbeatSeconds * 1000) / 3;
    this.partitions = partitionsOf(options.partitions);
    this.boss = new PgBoss({
      connectionString: options.connectionString,
      schema: options.schema,
      max: 4,
      application_name: "credence-guard-jobs",
      schedule: false,
      // Lapsed heartbeats are swept by the queue's monitor pass, which runs as often as the longer of
      // these two (each 60 s by default): at half a heartbeat, a dead holder's job is handed on within one to two heartbeats.
      superviseIntervalSeconds: Math.max(1, Math.floor(options.heartbeatSeconds / 2)),
      monitorIntervalSeconds: Math.max(1, Math.floor(options.heartbeatSeconds / 2)),
    });
    this.boss.on("error", options.onError);
  }

  async start(): Promise<void> {
    await this.boss.start();
    // Idempotent: instances starting together create it once.
    await this.boss.createQueue(QUEUE, { policy: "key_strict_fifo" });
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: false, close: true });
  }

  async enqueue(block: BlockActivity): Promise<readonly string[]> {
    // A key's jobs are ordered by their insert time: this block's job for a partition is sent only after the
    // previous block's (enqueue is awaited block by block); the partitions, each its own key, go together.
    return Promise.all(this.partitions.map((partition) => this.send(block, partition)));
  }

  private async send(block: BlockActivity, partition: GuardPartition): Promise<string> {
    const id = jobId(this.options.chainId, block, partition);
    const data: StoredJob = { ...block, partition: partition.index, partitions: partition.count };
    await this.boss.send(QUEUE, data, {
      id,
      singletonKey: `chain-${this.options.chainId}${partitionSuffix(partition)}`,
      // Per job rather than on the queue, so a changed setting applies to the next blocks.
      heartbeatSeconds: this.options.heartbeatSeconds,
      expireInSeconds: EXPIRE_SECONDS,
      retryLimit: RETRY_LIMIT,
      retryDelay: 0,
      deleteAfterSeconds: KEEP_SETTLED_SECONDS,
    });
    return id;
  }

  async claim(): Promise<GuardBlockJob | null> {
    const [job] = await this.boss.fetch<unknown>(QUEUE);
    if (job === undefined) return null;
    const block = ActivityCodec.decode(job.data);
    // Only this adapter writes the queue: a job that is not a block is a bug, and it must not stop the chain.
    if (E.isLeft(block)) {
      await this.boss.complete(QUEUE, { id: job.id, retryCount: job.retryCount });
      throw new Error(`Protocol Guard job ${job.id} does not hold a block; dropped`);
    }
    const { partition, partitions, ...activity } = block.right;
    // Jobs queued before partitioning (or by an instance with no partitions) are the whole chain's.
    const split = { index: partition ?? 0, count: partitions ?? 1 };
    return { id: job.id, attempt: job.retryCount, block: activity, partition: split };
  }

  async heartbeat(job: GuardBlockJob): Promise<boolean> {
    const touched = await this.boss.touch(QUEUE, { id: job.id, retryCount: job.attempt });
    return affected(touched) > 0;
  }

  async complete(job: GuardBlockJob): Promise<void> {
    await this.boss.complete(QUEUE, { id: job.id, retryCount: job.attempt });
  }

  async release(job: GuardBlockJob): Promise<void> {
    await this.boss.fail(QUEUE, { id: job.id, retryCount: job.attempt }, { message: "released at shutdown" });
  }

  async settled(id: string): Promise<boolean> {
    const [job] = await this.boss.findJobs(QUEUE, { id });
    return job === undefined || job.state === "completed";
  }
}

/** pg-boss answers its commands with `{affected}` (its typings leave the answer empty). */
function affected(response: object): number {
  const count = (response as { affected?: unknown }).affected;
  return typeof count === "number" ? count : 0;
}
