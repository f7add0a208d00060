// npm run eval:real [-- --bytecode] [-- --only <id part>,<id part>] [-- --chunk N]: the real-contracts corpus
// against a running service (see docs/real-contracts.md).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Chain, evalWallet } from "./chain";
import { type CompileOutcome, compile, unloadCompilers } from "./compilers";
import { type CorpusEntry, corpusDir, loadCorpus, originChainId, sourcesOf } from "./corpus";
import { FLAG_CATEGORY_TABLE, categoriesOf } from "./flag-categories";
import { type Dexes, type Launched, deployAndLaunch } from "./launch";
import { type ContractResult, blockingCheck, metricsTable, missLines, perContractLines } from "./report";
import { ask, pool, startService, type Service } from "./service";
import { TIMELINE_DAYS, playTimeline } from "./timeline";
import { PROJECT_ROOT } from "../../../src/dev-world/compile";

const argv = process.argv.slice(2);
const bytecodeMode = argv.includes("--bytecode");
const onlyAt = argv.indexOf("--only");
const only = onlyAt >= 0 ? (argv[onlyAt + 1] ?? "").split(",").filter((s) => s !== "") : [];
const resultsAt = argv.indexOf("--results-to");
/** Set in a chunk's own process: where it writes its results for the parent's report. */
const resultsTo = resultsAt >= 0 ? (argv[resultsAt + 1] ?? null) : null;
const chunkAt = argv.indexOf("--chunk");
/**
 * Contracts per service process. The embedded chain (Hardhat's EDR) keeps native memory in proportion to the steps
 * of every call it runs (~100 MB for a 2M-gas call, ~1 GB for a 5M-gas one that runs out of gas, not returned while
 * the process lives: measured with a loop contract), so one process over the whole corpus grew past 20 GB; a fresh
 * process per chunk starts from zero.
 */
const CHUNK = chunkAt >= 0 ? Number(argv[chunkAt + 1]) : 5;
/**
 * A chunk's process is stopped past this resident size, and its contracts are asked again one process each: a token
 * that loops on every transfer (a rebase every 3 s of chain time) ran each simulation to the block's gas before they
 * had a budget (TRADE_GAS), and the chain's memory grew by gigabytes a minute; five heavy tokens together still reach
 * it now and then. Linux (/proc) only.
 */
const CHUNK_MEMORY_MB = Number(process.env["EVAL_CHUNK_MEMORY_MB"] ?? "6000");
/**
 * The same limit for a process asked about one contract (a chunk's contract asked again alone): processes run one at
 * a time, and the service's own state and the chain's freed but not returned trace memory put an ordinary heavy token
 * (GOW39, swapping and paying dividends in every transfer) near 6 GB on some runs and not others.
 */
const ALONE_MEMORY_MB = Number(process.env["EVAL_ALONE_MEMORY_MB"] ?? "10000");

function residentMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? "0") / 1024;
  } catch {
    return 0;
  }
}

/** Runs one chunk's process to its end; null when it finished, else why it did not. */
function runChunk(args: readonly string[], limitMb: number, setting: string): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...args], { stdio: ["ignore", "ignore", "inherit"] });
    let killed: string | null = null;
    const watch = setInterval(() => {
      const mb = residentMb(child.pid ?? 0);
      if (mb > limitMb && killed === null) {
        killed = `stopped at ${Math.round(mb)} MB resident (limit ${limitMb} MB, ${setting})`;
        child.kill("SIGKILL");
      }
    }, 1_000);
    child.on("exit", (code, signal) => {
      clearInterval(watch);
      resolve(killed ?? (code === 0 ? null : `the chunk's process exited with ${code ?? signal}`));
    });
  });
}
/** Scoring requests in flight at once. */
const ASK_WIDTH = 3;

const none = { hiddenMint: [], leakingToken: [], limitingSell: [] } as const;

function compileAll(entries: readonly CorpusEntry[]): Map<string, CompileOutcome> {
  const out = new Map<string, CompileOutcome>();
  // Grouped by version: each compiler is loaded once.
  for (const e of [...entries].sort((a, b) => a.compiler.solc.localeCompare(b.compiler.solc))) {
    const { sources, main } = sourcesOf(e);
    out.set(e.id, compile(e.compiler.solc, sources, main, e.contractName));
  }
  unloadCompilers();
  return out;
}

function dexesOf(service: Service): Dexes {
  const routers = new Map(service.manifest.canonicalDexes.map((d) => [d.router.toLowerCase(), d.router]));
  const uniswap = service.manifest.canonicalDexes.find((d) => d.name === "Uniswap V2");
  if (uniswap === undefined) throw new Error("the dev world has no canonical Uniswap V2");
  return { weth: service.manifest.contracts.weth, routers, defaultRouter: uniswap.router };
}

async function argContext(chain: Chain, service: Service) {
  const head = await chain.rpc<{ number: string; timestamp: string }>("eth_getBlockByNumber", ["latest", false]);
  return {
    someToken: service.manifest.contracts.weth,
    chainId: service.chainId,
    now: Number(head.timestamp),
    blockNumber: Number(head.number),
  };
}

function mainSource(entry: CorpusEntry): string {
  const { sources } = sourcesOf(entry);
  return Object.values(sources)
    .map((s) => s.content)
    .join("\n");
}

async function sourceRun(
  entries: readonly CorpusEntry[],
  compiled: Map<string, CompileOutcome>,
  service: Service,
  chain: Chain,
) {
  const dexes = dexesOf(service);
  const launched: Launched[] = [];
  const failed = new Map<string, string>();
  for (const e of entries) {
    const c = compiled.get(e.id);
    if (c === undefined || !c.ok) continue;
    const l = await deployAndLaunch(chain, e, c.contract, mainSource(e), dexes, await argContext(chain, service), true);
    if ("error" in l) failed.set(e.id, l.error);
    else launched.push(l);
    console.error(
      `  ${e.id}: ${"error" in l ? l.error : [l.trading ? "trading" : "not trading", ...l.notes].join("; ")}`,
    );
  }
  console.error(`deployed ${launched.length}, failed ${failed.size}; playing ${TIMELINE_DAYS} chain days`);
  const tallies = await playTimeline(chain, launched, dexes.weth);
  console.error("timeline done; asking the service");
  // The service indexes blocks sent from outside within seconds.
  await new Promise((resolve) => setTimeout(resolve, 4_000));
  let answered = 0;
  const verdicts = await pool(launched, ASK_WIDTH, async (l) => {
    const v = await ask(service.url, l.address);
    console.error(`  ${++answered}/${launched.length} ${l.entry.id} ${v.status} ${v.ms} ms`);
    return v;
  });
  const byId = new Map(launched.map((l, i) => [l.entry.id, { l, v: verdicts[i] }]));
  return entries.map((e): ContractResult => {
    const c = compiled.get(e.id);
    const compileMs = c?.ms ?? 0;
    if (c === undefined || !c.ok)
      return {
        entry: e,
        outcome: "does not compile",
        detail: c?.ok === false ? c.error.slice(0, 160) : null,
        compileMs,
        chainMs: 0,
        verdict: null,
        predicted: none,
        notes: [],
        tally: null,
      };
    const hit = byId.get(e.id);
    if (hit === undefined || hit.v === undefined)
      return {
        entry: e,
        outcome: "deploy failed",
        detail: failed.get(e.id) ?? null,
        compileMs,
        chainMs: 0,
        verdict: null,
        predicted: none,
        notes: [],
        tally: null,
      };
    const v = hit.v;
    return {
      entry: e,
      outcome: v.status === 200 ? "scored" : "service error",
      detail: v.error,
      compileMs,
      chainMs: hit.l.chainMs,
      verdict: v,
      predicted: v.status === 200 ? categoriesOf(v.flags) : none,
      notes: hit.l.notes,
      tally: tallies.get(hit.l.address) ?? null,
    };
  });
}

async function bytecodeRun(
  entries: readonly CorpusEntry[],
  compiled: Map<string, CompileOutcome>,
  service: Service,
  chain: Chain,
) {
  const dexes = dexesOf(service);
  const placed: { e: CorpusEntry; address: string; origin: string }[] = [];
  for (const e of entries) {
    const c = compiled.get(e.id);
    if (c === undefined || !c.ok) continue;
    // Runtime code as deployed (immutables filled in) where the constructor runs; the compiler's otherwise.
    const l = await deployAndLaunch(chain, e, c.contract, "", dexes, await argContext(chain, service), false);
    const runtime =
      "error" in l ? c.contract.deployedBytecode : await chain.rpc<string>("eth_getCode", [l.address, "latest"]);
    const address = evalWallet(`${e.id}/bytecode`).address;
    await chain.rpc("hardhat_setCode", [address, runtime]);
    placed.push({ e, address, origin: "error" in l ? "compiler runtime code" : "deployed runtime code" });
  }
  await chain.increaseTime(60);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const verdicts = await pool(placed, ASK_WIDTH, (p) => ask(service.url, p.address));
  let crashes = 0;
  const lines = placed.map((p, i) => {
    const v = verdicts[i]!;
    if (v.status === 0 || v.status >= 500) crashes++;
    const flags = v.flags.map((f) => (f.severity === "info" ? `${f.code}(info)` : f.code)).join(", ") || "(none)";
    return `${p.e.id.slice(0, 52).padEnd(52)} ${String(v.status).padEnd(4)} ${(v.tier ?? "-").padEnd(8)} ${String(v.ms).padStart(6)} ms  ${flags}${v.error === null ? "" : ` | ${v.error}`}`;
  });
  const notCompiled = entries.filter((e) => !(compiled.get(e.id)?.ok ?? false)).map((e) => e.id);
  const ms = verdicts.map((v) => v.ms).sort((a, b) => a - b);
  const fired = new Map<string, number>();
  for (const v of verdicts)
    for (const f of v.flags) if (f.severity !== "info") fired.set(f.code, (fired.get(f.code) ?? 0) + 1);
  console.log(
    `\n# eval:real --bytecode: runtime code of ${placed.length} corpus contracts at fresh addresses (no source, no history)`,
  );
  lines.forEach((l) => console.log(l));
  console.log(
    `\nflags fired (contracts, penalty severity): ${[...fired]
      .sort((a, b) => b[1] - a[1])
      .map(([c, n]) => `${c} ${n}`)
      .join(", ")}`,
  );
  console.log(`crashes (HTTP 5xx or no answer): ${crashes}`);
  console.log(`time per contract: median ${ms[Math.floor(ms.length / 2)] ?? 0} ms, max ${ms[ms.length - 1] ?? 0} ms`);
  console.log(
    `not placed (no runtime code: does not compile): ${notCompiled.length}${notCompiled.length ? ` (${notCompiled.join(", ")})` : ""}`,
  );
  return crashes;
}

function unanswered(entry: CorpusEntry, detail: string): ContractResult {
  return {
    entry,
    outcome: "service error",
    detail,
    compileMs: 0,
    chainMs: 0,
    verdict: null,
    predicted: none,
    notes: [],
    tally: null,
  };
}

/**
 * The corpus in chunks of contracts from the same chain (see originChainId), each chunk in a process of its own (see
 * CHUNK), whose service runs its chain under that chain's id.
 */
function chunksOf(entries: readonly CorpusEntry[]): CorpusEntry[][] {
  const byChain = new Map<number | null, CorpusEntry[]>();
  for (const e of entries) byChain.set(originChainId(e), [...(byChain.get(originChainId(e)) ?? []), e]);
  return [...byChain.values()].flatMap((same) =>
    Array.from({ length: Math.ceil(same.length / CHUNK) }, (_, i) => same.slice(i * CHUNK, (i + 1) * CHUNK)),
  );
}

/** Each chunk of the corpus in a process of its own; their results, in corpus order. */
async function runInChunks(entries: readonly CorpusEntry[]): Promise<ContractResult[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "eval-real-"));
  const script = fileURLToPath(import.meta.url);
  let runs = 0;
  /** One process over these contracts: its results by id, or why the process did not finish. */
  const runProcess = async (
    ids: readonly string[],
  ): Promise<{ byId: Map<string, ContractResult>; failed: string | null }> => {
    const file = path.join(dir, `run-${runs++}.json`);
    const args = ["--import", "tsx", script, "--only", ids.join(","), "--results-to", file];
    const failed = await (ids.length === 1
      ? runChunk(args, ALONE_MEMORY_MB, "EVAL_ALONE_MEMORY_MB")
      : runChunk(args, CHUNK_MEMORY_MB, "EVAL_CHUNK_MEMORY_MB"));
    const byId = new Map(
      failed === null ? (JSON.parse(readFileSync(file, "utf8")) as ContractResult[]).map((r) => [r.entry.id, r]) : [],
    );
    return { byId, failed };
  };
  const results = new Map<string, ContractResult>();
  const chunks = chunksOf(entries);
  try {
    for (const [n, chunk] of chunks.entries()) {
      const label = `chunk ${n + 1} of ${chunks.length}`;
      console.error(`${label}: ${chunk.length} contracts (chain id ${originChainId(chunk[0]!) ?? "default"})`);
      const { byId, failed } = await runProcess(chunk.map((e) => e.id));
      if (failed === null || chunk.length === 1) {
        // A process that died (out of memory, stopped) is reported contract by contract, never dropped.
        if (failed !== null) console.error(`${label}: ${failed}`);
        for (const e of chunk) results.set(e.id, byId.get(e.id) ?? unanswered(e, failed ?? "no result"));
        continue;
      }
      // One contract can take a whole chunk down (a token looping on every transfer): its neighbours are asked
      // again, each in a process of its own, so only the contract that caused it goes unanswered.
      console.error(`${label}: ${failed}; asking its ${chunk.length} contracts one process each`);
      for (const e of chunk) {
        const alone = await runProcess([e.id]);
        if (alone.failed !== null) console.error(`${e.id}: ${alone.failed}`);
        results.set(e.id, alone.byId.get(e.id) ?? unanswered(e, alone.failed ?? "no result"));
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return entries.map((e) => results.get(e.id) ?? unanswered(e, "no result"));
}

async function main(): Promise<number> {
  const started = performance.now();
  const all = loadCorpus();
  const entries =
    only.length === 0 ? all : all.filter((e) => only.some((o) => (resultsTo === null ? e.id.includes(o) : e.id === o)));
  if (resultsTo === null)
    console.log(
      `# eval:real: ${entries.length} contracts from ${path.relative(process.cwd(), corpusDir()) || corpusDir()}`,
    );
  const compiled = compileAll(entries);
  const compiledMs = performance.now();
  console.error(
    `compiled ${[...compiled.values()].filter((c) => c.ok).length}/${entries.length} in ${Math.round(compiledMs - started)} ms`,
  );
  // Even a single chunk runs in a process of its own: only there does the memory watch (CHUNK_MEMORY_MB,
  // ALONE_MEMORY_MB) stop a contract that fills the chain's memory (one such token under --only took the whole
  // machine's 24 GB, before simulations had a gas budget).
  if (!bytecodeMode && resultsTo === null) {
    printReport(await runInChunks(entries), started);
    return 0;
  }
  // Runtime code placed without its constructor runs under any chain id: the embedded default.
  const service = await startService(bytecodeMode || entries[0] === undefined ? null : originChainId(entries[0]));
  const chain = new Chain(service.rpcUrl, service.chainId);
  try {
    if (bytecodeMode) return (await bytecodeRun(entries, compiled, service, chain)) === 0 ? 0 : 1;
    const results = await sourceRun(entries, compiled, service, chain);
    if (resultsTo !== null) writeFileSync(resultsTo, JSON.stringify(results));
    else printReport(results, started);
    return 0;
  } finally {
    await service.app.stop();
  }
}

/** The last full run's answers, one record a contract (see resultRecord). */
const RESULTS_FILE = path.join(PROJECT_ROOT, ".cache", "real-contracts", "last-run.json");

function printReport(results: readonly ContractResult[], started: number): void {
  console.log(`\n## per contract (timeline: ${TIMELINE_DAYS} chain days of buyers and sells after launch)`);
  perContractLines(results).forEach((l) => console.log(l));
  const outcomes = new Map<string, number>();
  for (const r of results) outcomes.set(r.outcome, (outcomes.get(r.outcome) ?? 0) + 1);
  console.log(`\noutcomes: ${[...outcomes].map(([o, n]) => `${o} ${n}`).join(", ")}`);
  for (const r of results.filter((r) => r.outcome !== "scored"))
    console.log(`  ${r.outcome}: ${r.entry.id} (${r.entry.contractName}) ${r.detail ?? ""}`);
  // Like-for-like with CRPWarner's notebook: its ground truth only (positives and negatives).
  const crpwarner = results.filter((r) => r.entry.group.startsWith("crpwarner-"));
  console.log(
    `\n## CRPWarner ground truth: ${crpwarner.length} contracts, contract level (not compiled/deployed = flagged nothing)`,
  );
  metricsTable(crpwarner).forEach((l) => console.log(l));
  const crpScored = crpwarner.filter((r) => r.outcome === "scored");
  console.log(`\n## the same over the ${crpScored.length} scored CRPWarner contracts only`);
  metricsTable(crpScored).forEach((l) => console.log(l));
  console.log(
    `\n## whole corpus: ${results.length} contracts, the ${results.length - crpwarner.length} benign reference tokens negative in every category`,
  );
  metricsTable(results).forEach((l) => console.log(l));
  console.log("");
  blockingCheck(results).forEach((l) => console.log(l));
  console.log("\n## misses (flags returned; (info) = not counted)");
  missLines(results).forEach((l) => console.log(l));
  const times = results.map((r) => r.compileMs + r.chainMs + (r.verdict?.ms ?? 0)).sort((a, b) => a - b);
  console.log(
    `\ntime per contract (compile + chain + score): median ${times[Math.floor(times.length / 2)] ?? 0} ms, max ${times[times.length - 1] ?? 0} ms; total ${Math.round((performance.now() - started) / 1000)} s`,
  );
  console.log(
    `mapping: ${FLAG_CATEGORY_TABLE.length} rows (scripts/eval/real/flag-categories.ts, docs/real-contracts.md)`,
  );
  // A run that compiled nothing (every source filtered out, or a clean clone) has made no cache folder yet.
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, JSON.stringify(results.map(resultRecord), null, 1));
  console.log(`every contract's flags and categories: ${path.relative(process.cwd(), RESULTS_FILE)}`);
}

/** One contract of the last run, as the report read it: enough to check a mapping against without a run. */
function resultRecord(r: ContractResult) {
  return {
    id: r.entry.id,
    contract: r.entry.contractName,
    group: r.entry.group,
    groundTruth: r.entry.categories,
    outcome: r.outcome,
    tier: r.verdict?.tier ?? null,
    flags: (r.verdict?.flags ?? []).map((f) => ({ code: f.code, severity: f.severity, detail: f.evidence?.detail })),
    predicted: r.predicted,
  };
}

process.exitCode = await main();
process.exit();
