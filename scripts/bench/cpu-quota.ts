/**
 * A CPU budget for one process tree, by a Linux cgroup (v1 `cpu` controller, or v2), for the guard bench's
 * `--guard-instance-cpu`: each service instance gets the same fraction of a core, so one instance and two are compared
 * as on a deployment where each instance has its own CPU, while the chain, PostgreSQL, Redis and the bench keep the
 * rest of this 2-core machine. Without it, a second instance only takes CPU from the first and from the chain.
 */
import { mkdirSync, readFileSync, readdirSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const V1_CPU = "/sys/fs/cgroup/cpu";
const V2 = "/sys/fs/cgroup/unified";
const PERIOD_US = 100_000;

export interface CpuQuota {
  /** Where the group lives, for the bench's report. */
  readonly group: string;
  /** Removes the group once its processes have exited. */
  release(): void;
}

/** The process and every descendant (from /proc's children lists). */
function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    const tasks = `/proc/${out[i]}/task`;
    let threads: string[] = [];
    try {
      threads = readdirSync(tasks);
    } catch {
      continue;
    }
    for (const tid of threads) {
      try {
        const children = readFileSync(path.join(tasks, tid, "children"), "utf8").trim();
        if (children !== "") out.push(...children.split(/\s+/).map(Number));
      } catch {
        // The thread ended meanwhile.
      }
    }
  }
  return [...new Set(out)];
}

function writeQuota(group: string, cores: number): void {
  const quota = Math.round(cores * PERIOD_US);
  try {
    writeFileSync(path.join(group, "cpu.cfs_period_us"), String(PERIOD_US));
    writeFileSync(path.join(group, "cpu.cfs_quota_us"), String(quota));
  } catch {
    writeFileSync(path.join(group, "cpu.max"), `${quota} ${PERIOD_US}`);
  }
}

/**
 * Moves `pid`'s whole tree into a new group limited to `cores` (e.g. 0.5). Throws where this machine offers no
 * writable cgroup: the bench then says so rather than measure without the budget it was asked for.
 */
export function capCpu(pid: number, cores: number, name: string): CpuQuota {
  if (!(cores > 0)) throw new Error(`--guard-instance-cpu must be above 0, got ${cores}`);
  const root = [V1_CPU, V2].find((dir) => {
    try {
      readdirSync(dir);
      return true;
    } catch {
      return false;
    }
  });
  if (root === undefined) throw new Error("no cgroup cpu controller at /sys/fs/cgroup/cpu or /sys/fs/cgroup/unified");
  const group = path.join(root, `credence-bench-${process.pid}-${name.replace(/[^a-z0-9]+/gi, "-")}`);
  mkdirSync(group, { recursive: true });
  writeQuota(group, cores);
  for (const member of processTree(pid)) writeFileSync(path.join(group, "cgroup.procs"), String(member));
  return {
    group,
    release: () => {
      try {
        rmdirSync(group);
      } catch {
        // Still has a member (a process that outlived the bench); the group is empty and harmless otherwise.
      }
    },
  };
}
