/**
 * Where a cold POST /api/batch of the 40 seeded addresses spends its time (the bench's section 3, taken apart).
 * The embedded chain's EIP-1193 provider is wrapped in a counting decorator (bench only): every JSON-RPC call the
 * application makes reaches it through the chain's HTTP server, so calls are counted per method, and the time the
 * chain was busy (at least one call inside EDR) is summed.
 *
 *   npx tsx scripts/bench/batch-profile.ts                 cold batch of 40, then every answer in full (arc-score)
 *   npx tsx scripts/bench/batch-profile.ts --each          each address alone, in order, on one fresh application
 *   ... --out=answers.json                                 writes the full answers (to compare two code paths)
 *   ... --count=100 --risk-check                           the first 100 seeded addresses through POST /api/risk-check/batch
 */
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { performance } from "node:perf_hooks";
import { seededAddresses, startBenchApplication } from "./app-session";
import { round } from "./http-load";

const args = process.argv.slice(2);
const out = args.find((a) => a.startsWith("--out="))?.slice("--out=".length);
/** --trace=file: one line per chain call (start ms, duration ms, method, params size, result size, first 200 chars). */
const traceFile = args.find((a) => a.startsWith("--trace="))?.slice("--trace=".length);
const traced: string[] = [];
/** --cpuprofile=file: the main thread's CPU profile of the cold batch alone (open in Chrome DevTools). */
const profileFile = args.find((a) => a.startsWith("--cpuprofile="))?.slice("--cpuprofile=".length);
const PLATFORM_KEY = "bench-profile-key";
const count = Number(args.find((a) => a.startsWith("--count="))?.slice("--count=".length) ?? 40);
/** --risk-check: the batch goes to POST /api/risk-check/batch (100 at most) instead of POST /api/batch (40). */
const riskCheck = args.includes("--risk-check");

interface ChainCounter {
  /** Every request, for --replay. */
  requests: { method: string; params?: unknown }[];
  original: (args: { method: string; params?: unknown }) => Promise<unknown>;
  calls: Map<string, number>;
  /** Summed per call, overlaps included: with calls queued inside EDR this counts the wait too. */
  msByMethod: Map<string, number>;
  busyMs: number;
}

/** Wraps provider.request: counts calls per method and the wall time during which the chain had work. */
function countCalls(provider: { request(args: { method: string; params?: unknown }): Promise<unknown> }): ChainCounter {
  const original = provider.request.bind(provider);
  const counter: ChainCounter = { requests: [], original, calls: new Map(), msByMethod: new Map(), busyMs: 0 };
  let active = 0;
  let busySince = 0;
  provider.request = async (request) => {
    counter.requests.push(request);
    counter.calls.set(request.method, (counter.calls.get(request.method) ?? 0) + 1);
    const started = performance.now();
    if (active++ === 0) busySince = started;
    let resultChars = 0;
    try {
      const result = await original(request);
      if (traceFile !== undefined) resultChars = JSON.stringify(result ?? null).length;
      return result;
    } finally {
      const ended = performance.now();
      if (traceFile !== undefined) {
        const params = JSON.stringify(request.params ?? []);
        traced.push(
          `${round(started)}\t${round(ended - started)}\t${request.method}\t${params.length}\t${resultChars}\t${params.slice(0, 200)}`,
        );
      }
      counter.msByMethod.set(request.method, (counter.msByMethod.get(request.method) ?? 0) + ended - started);
      if (--active === 0) counter.busyMs += ended - busySince;
    }
  };
  return counter;
}

function snapshot(counter: ChainCounter): { calls: Record<string, number>; total: number; busyMs: number } {
  const calls = Object.fromEntries([...counter.calls.entries()].sort((a, b) => b[1] - a[1]));
  return { calls, total: Object.values(calls).reduce((a, b) => a + b, 0), busyMs: counter.busyMs };
}

function minus(after: ReturnType<typeof snapshot>, before: ReturnType<typeof snapshot>): ReturnType<typeof snapshot> {
  const calls: Record<string, number> = {};
  for (const [method, n] of Object.entries(after.calls)) {
    const delta = n - (before.calls[method] ?? 0);
    if (delta > 0) calls[method] = delta;
  }
  return { calls, total: after.total - before.total, busyMs: after.busyMs - before.busyMs };
}

async function postBatch(url: string, addresses: readonly string[]): Promise<unknown[]> {
  const response = await fetch(`${url}${riskCheck ? "/api/risk-check/batch" : "/api/batch"}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ addresses }),
  });
  const body: unknown = await response.json();
  const items: unknown = riskCheck ? (body as { results?: unknown }).results : body;
  if (response.status !== 200 || !Array.isArray(items)) throw new Error(`batch answered ${response.status}`);
  return items;
}

/** The full answer (flags with evidence, breakdown, explanation, holder facts) without what differs per run. */
async function fullAnswer(url: string, address: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${url}/api/arc-score/${address}`, {
    headers: { authorization: `Bearer ${PLATFORM_KEY}` },
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`arc-score ${address} answered ${response.status}`);
  const { snapshotId: _id, queriedAt: _at, ...stable } = body;
  return stable;
}

/**
 * Replays every recorded call one at a time (all are reads, and no block is mined meanwhile): what each costs
 * inside EDR alone, without queueing behind the others. Grouped by method and, for eth_call, by selector.
 */
async function replay(counter: ChainCounter): Promise<void> {
  const groups = new Map<string, { n: number; ms: number }>();
  let total = 0;
  const cpu = process.cpuUsage();
  for (const request of [...counter.requests]) {
    const started = performance.now();
    await counter.original(request).catch(() => undefined);
    const ms = performance.now() - started;
    total += ms;
    const first = (Array.isArray(request.params) ? request.params[0] : undefined) as { data?: string } | undefined;
    const overrides = Array.isArray(request.params) && request.params.length > 2 ? "+overrides" : "";
    const key =
      request.method === "eth_call" ? `eth_call ${String(first?.data).slice(0, 10)}${overrides}` : request.method;
    const g = groups.get(key) ?? { n: 0, ms: 0 };
    groups.set(key, { n: g.n + 1, ms: g.ms + ms });
  }
  const used = process.cpuUsage(cpu);
  const seen = new Map<string, number>();
  for (const request of counter.requests) {
    const key = JSON.stringify([request.method, request.params]);
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  const repeats = new Map<string, number>();
  for (const [key, n] of seen)
    if (n > 1) {
      const method = (JSON.parse(key) as [string, unknown])[0];
      const data = /"data":"(0x[0-9a-f]{8})/.exec(key)?.[1] ?? "";
      repeats.set(`${method} ${data}`, (repeats.get(`${method} ${data}`) ?? 0) + n - 1);
    }
  console.log(`repeated identical calls (same method and params): ${JSON.stringify(Object.fromEntries(repeats))}`);
  console.log(
    `replayed ${counter.requests.length} calls one at a time: ${round(total)} ms inside EDR, process CPU ${round((used.user + used.system) / 1000)} ms`,
  );
  for (const [key, g] of [...groups.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25))
    console.log(`  ${key.padEnd(32)} ${String(g.n).padStart(5)} calls ${String(round(g.ms)).padStart(9)} ms`);
}

async function main(): Promise<void> {
  const bench = await startBenchApplication({
    PLATFORM_API_KEYS: createHash("sha256").update(PLATFORM_KEY).digest("hex"),
    ARC_SCORE_RATE_LIMIT_PER_MINUTE: "100000",
    RISK_CHECK_RATE_LIMIT_PER_MINUTE: "100000",
  });
  const counter = countCalls(bench.app.devWorld!.chain.provider);
  const addresses = seededAddresses(bench.manifest, count);
  const url = bench.app.url;
  try {
    const before = snapshot(counter);
    if (args.includes("--each")) {
      const kinds = new Map<string, { n: number; ms: number; calls: number; busyMs: number }>();
      for (const address of addresses) {
        const start = snapshot(counter);
        const started = performance.now();
        await postBatch(url, [address]);
        const ms = performance.now() - started;
        const used = minus(snapshot(counter), start);
        const kind = String((await fullAnswer(url, address)).contractType);
        const k = kinds.get(kind) ?? { n: 0, ms: 0, calls: 0, busyMs: 0 };
        kinds.set(kind, { n: k.n + 1, ms: k.ms + ms, calls: k.calls + used.total, busyMs: k.busyMs + used.busyMs });
        console.log(
          `${address} ${kind.padEnd(8)} ${String(round(ms)).padStart(8)} ms, ${String(used.total).padStart(5)} RPC calls, chain busy ${round(used.busyMs)} ms ${JSON.stringify(used.calls)}`,
        );
      }
      for (const [kind, k] of kinds)
        console.log(
          `${kind}: ${k.n} addresses, ${round(k.ms)} ms (${round(k.ms / k.n)} each), ${k.calls} RPC calls (${round(k.calls / k.n)} each), chain busy ${round(k.busyMs)} ms`,
        );
    } else {
      const session = profileFile === undefined ? null : new Session();
      if (session !== null) {
        session.connect();
        await session.post("Profiler.enable");
        await session.post("Profiler.start");
      }
      const cpu = process.cpuUsage();
      const started = performance.now();
      await postBatch(url, addresses);
      const ms = performance.now() - started;
      const cpuUsed = process.cpuUsage(cpu);
      if (session !== null) {
        const { profile } = await session.post("Profiler.stop");
        writeFileSync(profileFile!, JSON.stringify(profile));
        session.disconnect();
      }
      const used = minus(snapshot(counter), before);
      console.log(
        `cold batch of ${addresses.length}: ${round(ms)} ms, process CPU ${round((cpuUsed.user + cpuUsed.system) / 1000)} ms, ${used.total} RPC calls, chain busy ${round(used.busyMs)} ms (${round((100 * used.busyMs) / ms)}%)`,
      );
      console.log(`calls by method: ${JSON.stringify(used.calls)}`);
      const msByMethod = [...counter.msByMethod.entries()].map(([m, t]) => `${m} ${round(t)}`).join(", ");
      console.log(`ms inside the provider per method (summed, overlaps included): ${msByMethod}`);
    }
    if (args.includes("--replay")) await replay(counter);
    if (out !== undefined) {
      const answers: Record<string, unknown> = {};
      for (const address of addresses) answers[address] = await fullAnswer(url, address);
      writeFileSync(out, JSON.stringify(answers, null, 1));
      console.log(`answers written to ${out}`);
    }
    if (traceFile !== undefined) writeFileSync(traceFile, traced.join("\n"));
  } finally {
    await bench.app.stop();
  }
  process.exit(0);
}

void main();
