import { availableParallelism, loadavg } from "node:os";
import { ratio } from "./http-load";
import type { GuardPhase } from "./guard.bench";
import { runGuardBench } from "./guard.bench";
import { runGuardKillBench, type GuardKillResult } from "./guard-kill.bench";
import type { LatencyFigures } from "./guard-kill-report";
import type { Section } from "./section";

const SUBSCRIPTIONS = 1_000;
const BASELINE_SUBSCRIPTIONS = 10;
/** Issue 34 item 5's target for block-to-alert p99. */
const TARGET_P99_MS = 2_000;

const round2 = (v: number) => Math.round(v * 100) / 100;

const phaseLine = (name: string, f: GuardPhase, perBlock: number) =>
  `${name}: ${f.subscriptions} subscriptions, ${f.instances} instance(s), ${perBlock} alerts/block, ${f.blocks} blocks: ` +
  `p50 ${f.p50Ms} ms, p95 ${f.p95Ms} ms, p99 ${f.p99Ms} ms, max ${f.maxMs} ms; ` +
  `alerts expected ${f.expected}, delivered ${f.delivered}, duplicated ${f.duplicated} (${f.alertsPerSecond}/s)`;

/** The `guard` section of `npm run bench` (see guard.bench.ts for what runs where; guard-kill.bench.ts with `killLeader`). */
export function guardSection(options: {
  seconds: number;
  instances: number;
  alertsPerBlock: number;
  loadFactor: number;
  instanceCpu: number | null;
  killLeader: boolean;
}): Section {
  if (options.killLeader) return guardKillSection(options);
  return {
    key: "guard",
    title:
      "13. Protocol Guard: block-to-alert latency (evm_mine sent -> webhook received), a block every 0.5 s, " +
      "1,000 subscriptions on 10,000 contracts vs 10 (issue 34 items 4-5; target p99 < 2 s)",
    run: async () => {
      const loadBefore = loadavg()[0]!;
      const f = await runGuardBench({
        ...options,
        subscriptions: SUBSCRIPTIONS,
        baselineSubscriptions: BASELINE_SUBSCRIPTIONS,
      });
      const load = { before: round2(loadBefore), after: round2(loadavg()[0]!) };
      const per = f.alertsPerBlock;
      const oneOverBaseline = ratio(f.oneInstance.p99Ms, f.baseline.p99Ms);
      const two = f.twoInstancesDouble;
      const twoOverOne = two === null ? null : ratio(two.p99Ms, f.oneInstanceDouble.p99Ms);
      const lines = [
        `${f.subscriptions} subscriptions watching ${f.contracts} contracts made through POST /api/protocol-guard/subscribe ` +
          `in ${f.subscribeSeconds} s; PostgreSQL, RPC mode, chain in its own process`,
        `set-up: chain, schema and receiver ${f.chainSeconds} s; instance start (spawn to ready) ${f.instanceStartSeconds.join(" s, ")} s; ` +
          `GUARD_WORK_QUEUE=${f.workQueue}, GUARD_WORK_PARTITIONS=${f.workPartitions}; ` +
          (f.instanceCpu === null
            ? "instances not CPU-limited"
            : `each instance limited to ${f.instanceCpu} core (cgroup quota)`),
        phaseLine("baseline", f.baseline, per),
        phaseLine("load    ", f.oneInstance, per),
        `p99 x${oneOverBaseline} the baseline's; target p99 < ${TARGET_P99_MS} ms: ${f.oneInstance.p99Ms < TARGET_P99_MS ? "met" : "NOT met"}`,
        phaseLine(`${options.loadFactor}x load`, f.oneInstanceDouble, f.heavierAlertsPerBlock),
        two === null
          ? "2 instances: not measured (--guard-instances=1)"
          : `${phaseLine(`${options.loadFactor}x load`, two, f.heavierAlertsPerBlock)}; p99 x${twoOverOne} the 1-instance run's at ${options.loadFactor}x, ` +
            `x${ratio(two.p99Ms, f.oneInstance.p99Ms)} the 1-instance run's at 1x`,
        `machine load average (1 min) ${load.before} before, ${load.after} after (${availableParallelism()} cores)`,
        `instance warnings/errors logged: ${f.instanceWarnings}${f.firstWarning === null ? "" : ` (first: ${f.firstWarning})`}`,
      ];
      return {
        lines,
        figures: { ...f, loadAverage: load, p99OneOverBaseline: oneOverBaseline, p99TwoOverOneAtDouble: twoOverOne },
      };
    },
  };
}

const latency = (what: string, l: LatencyFigures) =>
  `${what} (${l.alerts} alerts) p50 ${l.p50Ms} / p99 ${l.p99Ms} / max ${l.maxMs} ms`;

const orNone = (ms: number | null) => (ms === null ? "never" : `${ms} ms`);

function killLines(f: GuardKillResult): string[] {
  return [
    `${f.subscriptions} subscriptions on ${f.contracts} contracts, 2 instances, GUARD_WORK_QUEUE=${f.workQueue}, ` +
      `${f.alertsPerBlock} alerts/block, ${f.blocks} blocks; SIGKILL to the chain follower (lease row) before block ${f.blocksBeforeKill + 1}`,
    `takeover: "took over as the chain follower" ${orNone(f.tookOverAfterMs)} after the kill; first alert delivered ` +
      `${orNone(f.firstDeliveryAfterKillMs)} after, first alert of a block mined after the kill ${orNone(f.firstNewBlockAlertAfterKillMs)} after`,
    `alerts expected (from the bench's mined calls) ${f.expected}, delivered ${f.delivered}, lost ${f.lost} ` +
      `(in ${f.blocksWithLoss} blocks, ${f.blocksWithNoAlert} with none); re-sent under the same webhook-id ${f.resent}; ` +
      `raised twice: ${f.duplicateWebhookIds} further webhook-ids, ${f.duplicateAlertIds} further alert ids; ` +
      `unexpected ${f.unexpected}, block_skipped ${f.blockSkippedAlerts}`,
    `blocks: ${f.blocksPublished} of ${f.blocks} published to chain_blocks; guard work logged by the killed instance ` +
      `${f.watchedByKilled}, the successor ${f.watchedBySuccessor}, both ${f.watchedByBoth}, none ${f.watchedByNone}` +
      (f.calledButNotMined > 0 ? `; ${f.calledButNotMined} calls not mined` : ""),
    f.successorFirstWatch === null
      ? "the successor logged no guard work after the kill"
      : `the successor's first guard work after the kill: block ${f.successorFirstWatch.block}, ` +
        `${f.successorFirstWatch.afterKillMs} ms after it (the killed instance's last: block ${f.successorFirstWatch.lastWatchedByKilled}); ` +
        `block jobs handed on from a lapsed heartbeat: ${f.jobsHandedOn ?? "n/a"}`,
    `latency by when the block was mined: ${latency("before the kill, delivered before it", f.before)}; ` +
      `${latency("before the kill, delivered after it", f.inFlight)}; ${latency("after the kill, before the takeover", f.beforeTakeover)}; ` +
      `${latency("after the takeover", f.afterTakeover)}; over 30 s: ${f.slowerThan30s}`,
  ];
}

/** `--guard-kill-leader`: the 1,000-subscription load on two instances, the follower killed with -9 halfway. */
function guardKillSection(options: { seconds: number; alertsPerBlock: number }): Section {
  return {
    key: "guard",
    title:
      "13. Protocol Guard: leader kill -9 under load (a block every 0.5 s, 1,000 subscriptions on 10,000 contracts, " +
      "2 instances): takeover time, alerts delivered exactly once (issue 34 item 5)",
    run: async () => {
      const loadBefore = loadavg()[0]!;
      const f = await runGuardKillBench({ ...options, subscriptions: SUBSCRIPTIONS });
      const load = { before: round2(loadBefore), after: round2(loadavg()[0]!) };
      const lines = [
        ...killLines(f),
        `instance start (spawn to ready) ${f.instanceStartSeconds.join(" s, ")} s; machine load average (1 min) ` +
          `${load.before} before, ${load.after} after (${availableParallelism()} cores)`,
        `instance warnings/errors logged: ${f.instanceWarnings}${f.firstWarning === null ? "" : ` (first: ${f.firstWarning})`}`,
      ];
      return { lines, figures: { ...f, loadAverage: load } };
    },
  };
}
