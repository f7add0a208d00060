import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
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
 * Startup: `npm start` as a process until it is ready (see processStarts); then its parts in this process: the dev
 * world as the service starts it (default compile cache, warm or cold as found), then a LocalIndexExplorer catching
 * up from block 0. Baselines measured here: an empty embedded chain's start, and (unless skipped) a compile into an
 * empty cache directory.
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

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A whole `npm start` as a process: from spawn until GET /readyz answers 200 (polled every 25 ms), then SIGTERM.
 * The embedded default, without the bench's own DATABASE_URL or REDIS_URL.
 */
async function processReadyMs(command: string, args: readonly string[]): Promise<number> {
  const [port, chainPort, suiPort] = [await freePort(), await freePort(), await freePort()];
  const env = { PORT: `${port}`, DEV_CHAIN_PORT: `${chainPort}`, ALT_PORT: `${suiPort}`, LOG_LEVEL: "warn" };
  const started = performance.now();
  const child = spawn(command, [...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env, DATABASE_URL: "", REDIS_URL: "" },
    stdio: ["ignore", "ignore", "pipe"],
    detached: true, // npm starts node as its child: the group is stopped together
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} ${args.join(" ")} exited: ${stderr.slice(-2000)}`);
      if (performance.now() - started > 180_000) throw new Error(`${command} ${args.join(" ")}: not ready in 180 s`);
      const status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    if (child.exitCode === null) process.kill(-child.pid!, "SIGTERM");
    await exited;
  }
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * `npm start` until /readyz answers 200: once with --reseed (the world's scenarios run: a fresh clone's first start,
 * whose `npm install` compiled the contracts and built src), three times as found (world and build cached), and,
 * as the baseline, the same entry point through tsx (what `npm start` ran before the build cache).
 */
async function processStarts(): Promise<{ reseedMs: number; cachedMs: number[]; tsxMs: number }> {
  const reseedMs = await processReadyMs("npm", ["start", "--", "--reseed"]);
  const cachedMs: number[] = [];
  for (let i = 0; i < 3; i++) cachedMs.push(await processReadyMs("npm", ["start"]));
  const tsxMs = await processReadyMs(process.execPath, ["--import", "tsx", "src/infrastructure/main.ts"]);
  return { reseedMs, cachedMs, tsxMs };
}

export async function runStartupBench(options: { readonly coldCompile: boolean }): Promise<SectionReport> {
  const starts = await processStarts();
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
    `npm start until /readyz 200: world and build cached ${starts.cachedMs.map(round).join(" / ")} ms ` +
      `(median ${round(median(starts.cachedMs))}; the same through tsx ${round(starts.tsxMs)} ms, ` +
      `x${ratio(median(starts.cachedMs), starts.tsxMs)}); with --reseed ${round(starts.reseedMs)} ms`,
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
      npmStartCachedMs: starts.cachedMs.map(round),
      npmStartCachedMedianMs: round(median(starts.cachedMs)),
      npmStartReseedMs: round(starts.reseedMs),
      tsxStartMs: round(starts.tsxMs),
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
