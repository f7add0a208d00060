import { ratio } from "./http-load";
import type { GuardLatency } from "./guard-latency";
import { runGuardBench } from "./guard.bench";
import type { Section } from "./section";

const SUBSCRIPTIONS = 1_000;
const BASELINE_SUBSCRIPTIONS = 10;
/** Issue 34 item 5's target for block-to-alert p99. */
const TARGET_P99_MS = 2_000;

const latencyLine = (f: GuardLatency) =>
  `block-to-alert p50 ${f.p50Ms} ms, p95 ${f.p95Ms} ms, p99 ${f.p99Ms} ms, max ${f.maxMs} ms; ` +
  `alerts expected ${f.expected}, delivered ${f.delivered}, duplicated ${f.duplicated} (${f.alertsPerSecond}/s)`;

/** The `guard` section of `npm run bench` (see guard.bench.ts for what runs where). */
export function guardSection(options: { seconds: number; instances: number; alertsPerBlock: number }): Section {
  return {
    key: "guard",
    title: `13. Protocol Guard: block-to-alert latency, a block every 0.5 s, ${SUBSCRIPTIONS.toLocaleString("en")} subscriptions vs ${BASELINE_SUBSCRIPTIONS} (issue 34 items 4-5; target p99 < 2 s)`,
    run: async () => {
      const f = await runGuardBench({
        ...options,
        subscriptions: SUBSCRIPTIONS,
        baselineSubscriptions: BASELINE_SUBSCRIPTIONS,
      });
      const oneOverBaseline = ratio(f.oneInstance.p99Ms, f.baseline.p99Ms);
      const lines = [
        `${f.subscriptions} subscriptions watching ${f.contracts} contracts, made through POST /api/protocol-guard/subscribe in ${f.subscribeSeconds} s; ` +
          `${f.alertsPerBlock} watched calls (alerts) per block; PostgreSQL, RPC mode, chain in its own process`,
        `baseline, ${f.baseline.subscriptions} subscriptions, 1 instance (${f.baseline.blocks} blocks): ${latencyLine(f.baseline)}`,
        `${f.subscriptions} subscriptions, 1 instance (${f.oneInstance.blocks} blocks): ${latencyLine(f.oneInstance)}`,
        `p99 x${oneOverBaseline} the baseline's; target p99 < ${TARGET_P99_MS} ms: ${f.oneInstance.p99Ms < TARGET_P99_MS ? "met" : "NOT met"}`,
        f.twoInstances === null
          ? "2 instances: not measured (--guard-instances=1)"
          : `${f.subscriptions} subscriptions, 2 instances, same load (${f.twoInstances.blocks} blocks): ${latencyLine(f.twoInstances)}; p99 x${ratio(f.twoInstances.p99Ms, f.oneInstance.p99Ms)} the 1-instance run's`,
        ...(f.twoInstances === null
          ? []
          : [
              "2 instances at 1.7x the load: not measured (this run offers both the same load; see docs/benchmarks.md)",
            ]),
        `instance warnings/errors logged: ${f.instanceWarnings}${f.firstWarning === null ? "" : ` (first: ${f.firstWarning})`}`,
      ];
      return {
        lines,
        figures: { ...f, p99OneOverBaseline: oneOverBaseline },
      };
    },
  };
}
