import http from "node:http";
import { performance } from "node:perf_hooks";

/**
 * A closed-loop HTTP load: `concurrency` workers, each sending the next GET as soon as the last
 * answer is read, over keep-alive sockets, for `seconds`. The same generator measures the
 * application and the bare baseline, so the ratio compares servers, not clients.
 */
export interface LoadOptions {
  readonly url: string;
  readonly concurrency?: number;
  readonly seconds?: number;
  /** Sent with every request (the widget bench names a client per run with X-Forwarded-For). */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface LoadFigures {
  readonly requests: number;
  readonly non200: number;
  readonly seconds: number;
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

function getOnce(agent: http.Agent, url: URL, headers: Readonly<Record<string, string>>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  const concurrency = options.concurrency ?? 24;
  const url = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let non200 = 0;
  const started = performance.now();
  const deadline = started + (options.seconds ?? 5) * 1000;
  const worker = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      const status = await getOnce(agent, url, options.headers ?? {});
      latencies.push(performance.now() - sent);
      if (status !== 200) non200++;
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    agent.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number): number => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    non200,
    seconds: round(seconds),
    requestsPerSecond: round(latencies.length / seconds),
    p50Ms: round(at(0.5)),
    p99Ms: round(at(0.99)),
  };
}

export const round = (n: number, digits = 2): number => Math.round(n * 10 ** digits) / 10 ** digits;

/** a / b, guarded against a zero baseline. */
export const ratio = (a: number, b: number): number => round(a / Math.max(b, 1e-9), 3);
