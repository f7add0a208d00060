import type { BlockActivity } from "../../domain/protocol-guard/block-activity";
import type { GuardPartition } from "../../domain/protocol-guard/guard-partition";

/** One block's Protocol Guard work for one partition of the subscriptions, claimed by this instance. */
export interface GuardBlockJob {
  readonly id: string;
  /** Which claim of the job this is: a job taken over after its holder died is claimed again. */
  readonly attempt: number;
  readonly block: BlockActivity;
  readonly partition: GuardPartition;
}

/**
 * A durable queue of per-block Protocol Guard work shared by the instances: a block is one job per partition
 * of the subscriptions (GUARD_WORK_PARTITIONS), each partition's jobs done by one instance at a time, in block
 * order (the partition's cursor and its score-drop rules need it), while other instances work other
 * partitions; a job whose holder dies is handed to another once its heartbeat lapses.
 */
export interface GuardBlockJobs {
  /** The partitions a block is split into (one, the whole chain, when the work is not partitioned). */
  readonly partitions: readonly GuardPartition[];
  /**
   * One job per partition, queued once per chain, number, hash and partition: the same block queued again
   * (another instance, a successor) is a no-op. Resolves with the jobs' ids.
   */
  enqueue(block: BlockActivity): Promise<readonly string[]>;
  /** The next job due, now held by this instance; null while none is due or other instances hold the heads. */
  claim(): Promise<GuardBlockJob | null>;
  /** Renews the hold; false once the job is no longer this instance's (it lapsed and went to another). */
  heartbeat(job: GuardBlockJob): Promise<boolean>;
  complete(job: GuardBlockJob): Promise<void>;
  /** Hands the job back unsettled (shutdown): due again at once, for any instance. */
  release(job: GuardBlockJob): Promise<void>;
  /** True once the job is settled (completed, or deleted after its retention). */
  settled(id: string): Promise<boolean>;
  /** How often a held job's heartbeat is renewed. */
  readonly heartbeatEveryMs: number;
}
