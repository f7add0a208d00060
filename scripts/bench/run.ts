/**
 * One bench run: startup, cached widget throughput, cold/warm batch, scoring CPU, indexer,
 * paid-call overhead and leaderboard maintenance. Every speed figure is printed next to a
 * baseline measured in the same run; sections fail independently; all servers are loopback
 * on ephemeral ports and are closed before exit. Ends with one JSON line of every figure.
 *
 * Run: npm run bench [-- --skip-cold-compile] [--seconds=5] [--concurrency=24] [--widget-wait=20] [--index-transfers=1000000]
 *      [--only=batch,widget] (section keys: scan riskCheck startup scoring batch widget payment indexer leaderboard rateLimiter
 *      rateLimitBackends indexScale graph registryGas chainMemory guard) [--guard-seconds=60] [--guard-instances=2]
 *      [--guard-alerts-per-block=10] [--guard-load-factor=2] [--guard-instance-cpu=0.5] [--guard-kill-leader]
 * (DATABASE_URL for the PostgreSQL index and guard sections, REDIS_URL / REDIS_KEY_PREFIX for the Redis and guard ones)
 */
import { runStartupBench } from "./startup.bench";
import { runScoringBench } from "./scoring.bench";
import { startBenchApplication, type BenchApplication } from "./app-session";
import { runBatchBench, runPaidCallBench, runWidgetBench } from "./app-http.bench";
import { benchIndexer } from "./indexer.bench";
import { runLeaderboardBench } from "./leaderboard.bench";
import { runRateLimiterBench } from "./rate-limiter.bench";
import { runIndexScaleBench } from "./index-scale.bench";
import { runRateLimitBackendsBench } from "./rate-limit-backends.bench";
import { runTransferGraphBench } from "./transfer-graph.bench";
import { runRegistryGasBench } from "./registry-gas.bench";
import { ratio } from "./http-load";
import { runScanBench } from "./scan.bench";
import { runRiskCheckBench } from "./risk-check.bench";
import { runSection, type Section } from "./section";
import { guardSection } from "./guard.section";
import { runChainMemoryBench } from "./chain-memory.bench";

const args = process.argv.slice(2);
const numberArg = (name: string, fallback: number): number => {
  const raw = args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
  const value = Number(raw);
  return raw !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
};
const httpOptions = {
  seconds: numberArg("seconds", 5),
  concurrency: numberArg("concurrency", 24),
  widgetWaitMs: numberArg("widget-wait", 20) * 1000,
};

// Shared by the HTTP sections; started on first use, so a start failure fails only those.
let application: Promise<BenchApplication> | null = null;
const app = (): Promise<BenchApplication> => (application ??= startBenchApplication());

const sections: Section[] = [
  {
    key: "scan",
    title: "Wallet protection scans (issue 31) vs a bare eth_call",
    run: () => runScanBench(),
  },
  {
    key: "riskCheck",
    title: "14. x402 risk check (issue 33), cold: a batch of 100 and single checks vs the spec's 3000 ms",
    run: () => runRiskCheckBench(),
  },
  {
    key: "startup",
    title: "1. Startup: dev world, index catch-up, seed",
    run: () => runStartupBench({ coldCompile: !args.includes("--skip-cold-compile") }),
  },
  { key: "scoring", title: "4. scoreWallet CPU time vs transfers", run: async () => runScoringBench() },
  {
    key: "batch",
    title:
      "3. POST /api/batch, 40 seeded addresses: cold (first in the process, then on fresh applications), then warm",
    run: async () => runBatchBench(await app(), () => startBenchApplication()),
  },
  {
    key: "widget",
    title: "2. Cached widget throughput vs bare Koa",
    run: async () => runWidgetBench(await app(), httpOptions),
  },
  {
    key: "payment",
    title: "6. Paid call overhead (x402, local settlement)",
    run: async () => runPaidCallBench(await app()),
  },
  {
    key: "registryGas",
    title: "12. ScoreRegistry.isAllowed gas, cold and warm (issue 33 item 5; target under 5,000 warm)",
    run: async () => {
      const f = await runRegistryGasBench();
      return {
        lines: [
          `isAllowed: cold ${f.coldGas} gas (first call: account and slot cold), warm ${f.warmGas} gas (target < 5,000)`,
          `publish() of one score: ${f.publishOneGas} gas used (the oracle's transaction)`,
        ],
        figures: { ...f },
      };
    },
  },
  {
    key: "indexer",
    title: "5. Indexer throughput (LocalIndexExplorer over JSON-RPC)",
    run: async () => {
      const f = await benchIndexer();
      return {
        lines: [
          `${f.blocks} blocks, ${f.transfers} transfers indexed in ${f.seconds} s -> ${f.blocksPerSecond} blocks/s, ${f.transfersPerSecond} transfers/s`,
          `baseline: building that chain took ${f.buildSeconds} s -> indexing is x${ratio(f.buildSeconds, f.seconds)} faster than producing it`,
          `with factory-made creations (${f.withFactoryCreations.source}, ${f.withFactoryCreations.factoryMade} found): ${f.withFactoryCreations.seconds} s -> ${f.withFactoryCreations.blocksPerSecond} blocks/s, x${ratio(f.withFactoryCreations.seconds, f.seconds)} the time without`,
        ],
        figures: {
          ...f,
          buildOverIndex: ratio(f.buildSeconds, f.seconds),
          factoryCreationsCost: ratio(f.withFactoryCreations.seconds, f.seconds),
        },
      };
    },
  },
  {
    key: "leaderboard",
    title: "7. Staking leaderboard, 10,000 synthetic stakers",
    run: async () => {
      const f = await runLeaderboardBench();
      return {
        lines: [
          `initial load ${f.initialLoadMs} ms; per block (${f.eventsPerBlock} events): update ${f.msPerUpdate} ms, top-100 read ${f.msPerReadAfterBlock} ms, cached read ${f.msPerCachedRead} ms`,
          `full re-rank ${f.msFullRerank} ms; baseline cached read -> read-after-block x${ratio(f.msPerReadAfterBlock, f.msPerCachedRead)}, re-rank x${ratio(f.msFullRerank, f.msPerCachedRead)}`,
        ],
        figures: { ...f },
      };
    },
  },
  {
    key: "rateLimiter",
    title: "8. Rate limiter: cost per new client key as keys pile up in one window",
    run: async () => {
      const f = await runRateLimiterBench();
      return {
        lines: [
          `${f.baselineMicrosPerKey1k} µs/key at 1k keys (baseline), ${f.microsPerKey80k} µs/key at 80k, ${f.microsPerKey200k} µs/key at 200k (LRU bound 100k)`,
          `ratio to baseline: 80k x${ratio(f.microsPerKey80k, f.baselineMicrosPerKey1k)}, 200k x${ratio(f.microsPerKey200k, f.baselineMicrosPerKey1k)}`,
        ],
        figures: { ...f },
      };
    },
  },
  {
    key: "rateLimitBackends",
    title: "9. Rate limit cost per request: Redis (shared by instances) vs memory",
    run: async () => {
      const f = await runRateLimitBackendsBench();
      return {
        lines: [
          `sequential: memory ${f.memorySequentialMicros} µs, Redis ${f.redisSequentialMicros} µs per request (x${ratio(f.redisSequentialMicros, f.memorySequentialMicros)})`,
          `32 concurrent: memory ${f.memoryConcurrentMicros} µs, Redis ${f.redisConcurrentMicros} µs per request (x${ratio(f.redisConcurrentMicros, f.memoryConcurrentMicros)})`,
        ],
        figures: { ...f },
      };
    },
  },
  {
    key: "indexScale",
    title: "10. Chain index of a synthetic 1,000,000-transfer chain: PostgreSQL vs memory (needs DATABASE_URL)",
    run: async () => {
      const transfers = numberArg("index-transfers", 1_000_000);
      const f = await runIndexScaleBench(transfers);
      return {
        lines: [
          `PostgreSQL: ${f.transfers} transfers in ${f.postgres.seconds} s -> ${f.postgres.transfersPerSecond}/s, peak RSS +${f.postgres.peakRssAddedMb} MB (one 200-block range at a time)`,
          `memory:     ${f.transfers} transfers in ${f.memory.seconds} s -> ${f.memory.transfersPerSecond}/s, peak RSS +${f.memory.peakRssAddedMb} MB (grows with the chain)`,
          `PostgreSQL/memory throughput ${ratio(f.postgres.transfersPerSecond, f.memory.transfersPerSecond)}, RSS ${ratio(f.postgres.peakRssAddedMb, f.memory.peakRssAddedMb)}`,
        ],
        figures: { ...f },
      };
    },
  },
  {
    key: "graph",
    title: "11. Transfer graph (graph trust): 1,000,000 edges, PageRank, communities, one block vs a full rebuild",
    run: async () => {
      const f = await runTransferGraphBench();
      return {
        lines: [
          `${f.edges} edges, ${f.nodes} nodes from ${f.transfers} transfers: build ${f.buildMs} ms, heap ${f.heapMb} MB (${f.bytesPerEdge} bytes/edge incl. nodes, typed arrays counted)`,
          `personalized PageRank (100 seeds) ${f.pageRankMs} ms; Louvain communities ${f.communitiesMs} ms; peak RSS after them ${f.peakRssMb} MB`,
          `incremental: ${f.msPerBlock} ms per block of ${f.transfersPerBlock} transfers; baseline full rebuild of the same graph -> one block is x${f.fullRebuildOverBlock} cheaper`,
        ],
        figures: { ...f },
      };
    },
  },
  {
    key: "chainMemory",
    title: "15. Embedded chain memory: 30 eth_calls of ~0.9M steps each, vs Hardhat's EDR provider as Hardhat makes it",
    run: async () => {
      const { embedded, plain } = await runChainMemoryBench();
      return {
        lines: [
          `embedded chain (a minor collection after slow requests): peak ${embedded.peakMb} MB resident, ${embedded.endMb} MB at the end, median ${embedded.medianCallMs} ms a call`,
          `baseline, Hardhat's EDR provider: peak ${plain.peakMb} MB resident, ${plain.endMb} MB at the end, median ${plain.medianCallMs} ms a call`,
          `peak memory x${ratio(embedded.peakMb, plain.peakMb)} of the baseline; a call takes x${ratio(embedded.medianCallMs, plain.medianCallMs)} the baseline's time`,
        ],
        figures: { embedded, plain },
      };
    },
  },
  guardSection({
    seconds: numberArg("guard-seconds", 60),
    instances: numberArg("guard-instances", 2),
    alertsPerBlock: numberArg("guard-alerts-per-block", 10),
    loadFactor: numberArg("guard-load-factor", 2),
    instanceCpu: args.some((a) => a.startsWith("--guard-instance-cpu=")) ? numberArg("guard-instance-cpu", 1) : null,
    killLeader: args.includes("--guard-kill-leader"),
  }),
];

// --only=a,b runs just those sections (by key), in the usual order; an unknown key is refused, not ignored.
const only = args
  .find((a) => a.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",")
  .filter((key) => key !== "");
const unknown = (only ?? []).filter((key) => !sections.some((s) => s.key === key));
if (unknown.length > 0) {
  console.error(`unknown section(s): ${unknown.join(", ")}; known: ${sections.map((s) => s.key).join(", ")}`);
  process.exit(2);
}
const selected = only === undefined ? sections : sections.filter((s) => only.includes(s.key));

const started = performance.now();
const results: Record<string, unknown> = {};
try {
  for (const section of selected) {
    // The application is stopped before the in-process chain benches, so they do not share the CPU with it.
    if (section.key === "indexer" && application !== null) await stopApplication();
    results[section.key] = await runSection(section);
  }
} finally {
  await stopApplication();
}
const totalSeconds = Math.round(performance.now() - started) / 1000;
console.log(`\nbench finished in ${totalSeconds} s`);
console.log(
  JSON.stringify({
    bench: "credence",
    at: new Date().toISOString(),
    node: process.version,
    totalSeconds,
    sections: results,
  }),
);

async function stopApplication(): Promise<void> {
  const pending = application;
  application = null;
  if (pending === null) return;
  try {
    await (await pending).app.stop();
  } catch (error) {
    console.log(`(stopping the application failed: ${String(error)})`);
  }
}

// A leftover handle (a socket, an EDR worker) must not keep the bench from ending by itself.
setTimeout(() => process.exit(0), 2_000).unref();
