/**
 * The load generator out of the server's process, so the server measured does not share its event
 * loop with the client. Preferred: `wrk` (Debian package `wrk`), written in C, which costs the
 * machine far less per request than any Node client: on two cores a Node generator takes about as
 * much CPU per request as the server, so both servers would read as fast as the generator. Without
 * wrk, our own closed-loop Node generator runs as a child process:
 * `tsx scripts/bench/load-process.ts <url> <concurrency> <seconds> [headers as JSON]` prints the figures as one JSON line.
 */
import { execFile, spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { round, runLoad, type LoadFigures, type LoadOptions } from "./http-load";

const WRK = "/usr/bin/wrk";

export type LoadGenerator = "wrk" | "node";

/** Which generator `runLoadOutOfProcess` uses on this machine. */
export function outOfProcessGenerator(): LoadGenerator {
  try {
    accessSync(WRK, constants.X_OK);
    return "wrk";
  } catch {
    return "node";
  }
}

export function runLoadOutOfProcess(options: LoadOptions): Promise<LoadFigures> {
  return outOfProcessGenerator() === "wrk" ? runWrk(options) : runNodeChild(options);
}

/** One wrk thread (the other core is the server's), `concurrency` keep-alive connections. */
async function runWrk(options: LoadOptions): Promise<LoadFigures> {
  const headers = Object.entries(options.headers ?? {}).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const args = [
    "--latency",
    "-t1",
    `-c${options.concurrency ?? 24}`,
    `-d${options.seconds ?? 5}s`,
    ...headers,
    options.url,
  ];
  const { stdout } = await promisify(execFile)(WRK, args);
  return parseWrk(stdout);
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** wrk's text report: "N requests in 5.00s", "Non-2xx or 3xx responses: K", socket errors, latency percentiles. */
export function parseWrk(report: string): LoadFigures {
  const total = /(\d+) requests in ([\d.]+)(us|ms|s|m)\b/.exec(report);
  if (total === null) throw new Error(`unreadable wrk report: ${report.slice(0, 300)}`);
  const requests = Number(total[1]);
  const seconds = (Number(total[2]) * (UNIT_MS[total[3]!] ?? 1)) / 1000;
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(report)?.[1] ?? 0);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report);
  const socketErrors = errors === null ? 0 : errors.slice(1).reduce((sum, n) => sum + Number(n), 0);
  const percentileMs = (p: number): number => {
    const match = new RegExp(`^\\s*${p}(?:\\.0+)?%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, "m").exec(report);
    return match === null ? Number.NaN : round(Number(match[1]) * (UNIT_MS[match[2]!] ?? 1));
  };
  return {
    requests,
    non200: non2xx + socketErrors,
    seconds: round(seconds),
    requestsPerSecond: round(requests / seconds),
    p50Ms: percentileMs(50),
    p99Ms: percentileMs(99),
  };
}

function runNodeChild(options: LoadOptions): Promise<LoadFigures> {
  const args = [
    "--import",
    "tsx",
    fileURLToPath(import.meta.url),
    options.url,
    String(options.concurrency ?? 24),
    String(options.seconds ?? 5),
    JSON.stringify(options.headers ?? {}),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      try {
        resolve(JSON.parse(out.trim().split("\n").pop() ?? "") as LoadFigures);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [url, concurrency, seconds, headers] = process.argv.slice(2);
  if (url === undefined) throw new Error("usage: load-process.ts <url> [concurrency] [seconds] [headers as JSON]");
  const figures = await runLoad({
    url,
    concurrency: Number(concurrency ?? 24),
    seconds: Number(seconds ?? 5),
    headers: JSON.parse(headers ?? "{}") as Record<string, string>,
  });
  console.log(JSON.stringify(figures));
}
