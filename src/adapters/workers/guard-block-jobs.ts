import type { BlockActivity } from "../../domain/protocol-guard/block-activity";

/** One block's Protocol Guard work, claimed by this instance. */
export interface GuardBlockJob {
  readonly id: string;
  /** Which claim of the job this is: a job taken over after its holder died is claimed again. */
  readonly attempt: number;
  readonly block: BlockActivity;
}

/**
 * A durable queue of per-block Protocol Guard work shared by the instances: each block's job is done
 * by one instance at a time, in block order (the watcher's cursor and its score-drop rules need it),
 * and a job whose holder dies is handed to another once its heartbeat lapses.
 */
export interface GuardBlockJobs {
  /** Queued once per chain, number and hash: the same block queued again (another instance, a successor) is a no-op. */
  enqueue(block: BlockActivity): Promise<string>;
  /** The next block due, now held by this instance; null while none is due or another instance holds the head. */
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
