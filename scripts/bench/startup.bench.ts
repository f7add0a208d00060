import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { LocalIndexExplorer } from "../../src/adapters/explorer/local-index-explorer.adapter";
import { compileContracts, PROJECT_ROOT } from "../../src/dev-world/compile";
import { startDevWorld } from "../../src/dev-world/dev-world";
import { startEmbeddedChain } from "../../src/dev-world/embedded-chain";
import { ratio, round } from "./http-load";
import type { SectionReport } from "./section";

/**
 * Startup from nothing: the dev world as the service starts it (default compile cache, warm or
 * cold as found), then a LocalIndexExplorer catching up from block 0. Baselines measured here:
 * an empty embedded chain's start, and (unless skipped) a compile into an empty cache directory.
 */
async function cacheWasWarm(): Promise<boolean> {
  const dir = path.join(PROJECT_ROOT, ".cache", "solc");
  return existsSync(dir) && (await readdir(dir)).some((f) => f.endsWith(".json"));
}

async function coldCompileMs(): Promise<number> {
  const dir = await mkdtemp(path.join(tmpdir(), "credence-bench-solc-"));
  try {
    const started = performance.now();
    await compileContracts({ cacheDir: dir });
    return performance.now() - started;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function bareChainStartMs(): Promise<number> {
  const started = performance.now();
  const chain = await startEmbeddedChain({ host: "127.0.0.1", port: 0 });
  const ms = performance.now() - started;
  await chain.close();
  return ms;
}

export async function runStartupBench(options: { readonly coldCompile: boolean }): Promise<SectionReport> {
  const bareChainMs = await bareChainStartMs();
  const warmCache = await cacheWasWarm();
  // A fresh clone's first start: no recording of the world yet (seeded, and recorded for the next start).
  const firstStarted = performance.now();
  const first = await startDevWorld({ host: "127.0.0.1", port: 0, reseed: true });
  const firstMs = performance.now() - firstStarted;
  await first.chain.close();
  // Every later start in the same hour: the world replayed from its recording (.cache/dev-world).
  const worldStarted = performance.now();
  const world = await startDevWorld({ host: "127.0.0.1", port: 0 });
  const worldMs = performance.now() - worldStarted;
  let indexMs = 0;
  let indexedTo = -1;
  let transfers = 0;
  try {
    const explorer = new LocalIndexExplorer({ rpcUrl: world.chain.rpcUrl });
    const indexStarted = performance.now();
    await explorer.start();
    indexMs = performance.now() - indexStarted;
    indexedTo = explorer.syncedTo;
    transfers = explorer.transfersIndexed;
    await explorer.stop();
  } finally {
    await world.chain.close();
  }
  const t = world.timings;
  const coldMs = options.coldCompile ? await coldCompileMs() : null;
  const readyMs = worldMs + indexMs;
  const lines = [
    `baseline: empty embedded chain start ${round(bareChainMs)} ms`,
    `startDevWorld, first start (scenarios run and recorded) ${round(firstMs)} ms: seed ${first.timings.seedMs} ms, ` +
      `compile ${first.timings.compileMs} ms (cache ${warmCache ? "warm" : "cold"} as found)`,
    `startDevWorld, next start (${t.source}) total ${round(worldMs)} ms (x${ratio(worldMs, bareChainMs)} vs empty chain): ` +
      `compile ${t.compileMs} ms, chain start ${t.chainStartMs} ms, seed ${t.seedMs} ms ` +
      `(${t.blocks} blocks, ${t.transactions} txs; x${ratio(t.seedMs, first.timings.seedMs)} of the first start's seed)`,
    `LocalIndexExplorer catch-up to block ${indexedTo}: ${round(indexMs)} ms, ${transfers} transfers ` +
      `(${round(((indexedTo + 1) * 1000) / Math.max(indexMs, 1))} blocks/s; x${ratio(indexMs, t.seedMs)} of seed time)`,
    `nothing -> seeded and indexed: ${round(readyMs)} ms (x${ratio(readyMs, bareChainMs)} vs empty chain)`,
    coldMs === null
      ? "cold compile: skipped (--skip-cold-compile)"
      : `cold compile (empty cache dir) ${round(coldMs)} ms vs compile in this start ${t.compileMs} ms -> cold/observed x${ratio(coldMs, t.compileMs)}`,
  ];
  return {
    lines,
    figures: {
      bareChainStartMs: round(bareChainMs),
      firstDevWorldMs: round(firstMs),
      firstTimings: first.timings,
      devWorldMs: round(worldMs),
      devWorldOverBareChain: ratio(worldMs, bareChainMs),
      compileCacheWarm: warmCache,
      timings: t,
      indexCatchUpMs: round(indexMs),
      indexedToBlock: indexedTo,
      indexedTransfers: transfers,
      readyMs: round(readyMs),
      coldCompileMs: coldMs === null ? null : round(coldMs),
      coldCompileOverObserved: coldMs === null ? null : ratio(coldMs, t.compileMs),
    },
  };
}
