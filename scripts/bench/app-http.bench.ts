import * as TE from "fp-ts/TaskEither";
import { performance } from "node:perf_hooks";
import type { BenchApplication } from "./app-session";
import { pollFor200, seededAddresses, widgetUrl } from "./app-session";
import { startBareKoa } from "./bare-koa";
import { ratio, round, runLoad, type LoadFigures } from "./http-load";
import { outOfProcessGenerator, runLoadOutOfProcess } from "./load-process";
import { runPaymentBench } from "./payment.bench";
import type { SectionReport } from "./section";

/** Sections that need the running application: cold/warm batch, widget throughput, paid call. */
export interface HttpBenchOptions {
  readonly concurrency: number;
  readonly seconds: number;
  readonly widgetWaitMs: number;
}

async function postBatch(url: string, addresses: readonly string[]): Promise<{ ms: number; items: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/api/batch`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ addresses }),
  });
  const body: unknown = await response.json();
  const ms = performance.now() - started;
  if (response.status !== 200)
    throw new Error(`POST /api/batch answered ${response.status}: ${JSON.stringify(body).slice(0, 200)}`);
  return { ms, items: Array.isArray(body) ? body.length : 0 };
}

/** Must run first on a fresh application: the first batch is the cold one. */
export async function runBatchBench(bench: BenchApplication): Promise<SectionReport> {
  const addresses = seededAddresses(bench.manifest, 40);
  const cold = await postBatch(bench.app.url, addresses);
  const warm = await postBatch(bench.app.url, addresses);
  return {
    lines: [
      `application start (embedded world + index + HTTP): ${round(bench.startMs)} ms`,
      `cold batch of ${addresses.length} seeded addresses: ${round(cold.ms)} ms (${cold.items} results, ${round(cold.ms / addresses.length)} ms/address)`,
      `same batch warm: ${round(warm.ms)} ms -> cold/warm x${ratio(cold.ms, warm.ms)}`,
    ],
    figures: {
      addresses: addresses.length,
      appStartMs: round(bench.startMs),
      coldMs: round(cold.ms),
      warmMs: round(warm.ms),
      coldOverWarm: ratio(cold.ms, warm.ms),
    },
  };
}

export async function runWidgetBench(bench: BenchApplication, options: HttpBenchOptions): Promise<SectionReport> {
  const url = widgetUrl(bench.app, bench.manifest.healthyToken);
  const answer = await pollFor200(url, options.widgetWaitMs); // also warms the cache
  if (answer.status !== 200) {
    throw new Error(
      `GET /api/widget/score/<healthyToken> still answers ${answer.status} ${answer.body} after ${options.widgetWaitMs} ms`,
    );
  }
  const load = { concurrency: options.concurrency, seconds: options.seconds };
  const bare = await startBareKoa();
  const bareUrl = `${bare.url}/api/widget/score/${bench.manifest.healthyToken}`;
  // The generator in its own process (the figure that counts), then in this one (as measured before).
  let app: LoadFigures, baseline: LoadFigures, appInProcess: LoadFigures, baselineInProcess: LoadFigures;
  try {
    app = await runLoadOutOfProcess({ url, ...load });
    baseline = await runLoadOutOfProcess({ url: bareUrl, ...load });
    appInProcess = await runLoad({ url, ...load });
    baselineInProcess = await runLoad({ url: bareUrl, ...load });
  } finally {
    await bare.close();
  }
  const share = ratio(app.requestsPerSecond, baseline.requestsPerSecond);
  const shareInProcess = ratio(appInProcess.requestsPerSecond, baselineInProcess.requestsPerSecond);
  const describe = (name: string, f: LoadFigures) =>
    `${name}: ${f.requestsPerSecond} req/s (${f.requests} in ${f.seconds} s, non-200 ${f.non200}), p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms`;
  return {
    lines: [
      `${options.concurrency} concurrent keep-alive clients, ${options.seconds} s each; load generator (${outOfProcessGenerator()}) in a separate process`,
      describe("cached widget", app),
      describe("bare Koa baseline", baseline),
      `widget/bare = ${share} (aim >= 0.8 -> ${share >= 0.8 ? "OK" : "UNDER"}); with the generator in the server's process: ${shareInProcess}`,
    ],
    figures: {
      ...load,
      widget: app,
      bareKoa: baseline,
      widgetOverBare: share,
      inProcess: { widget: appInProcess, bareKoa: baselineInProcess, widgetOverBare: shareInProcess },
    },
  };
}

/** Paid oracle path around the unpaid cached score lookup (the widget answer over HTTP). */
export async function runPaidCallBench(bench: BenchApplication): Promise<SectionReport> {
  const url = widgetUrl(bench.app, bench.manifest.healthyToken);
  const compute = () =>
    TE.tryCatch(async () => {
      const response = await fetch(url);
      if (response.status !== 200) throw new Error(`cached lookup answered ${response.status}`);
      return (await response.json()) satisfies unknown;
    }, String);
  const f = await runPaymentBench({ compute, devWorld: bench.app.devWorld! });
  return {
    lines: [
      `${f.calls} calls each; unpaid = cached widget lookup over loopback HTTP`,
      `verification ${f.msPerVerification} ms, settlement ${f.msPerSettlement} ms`,
      `paid call ${f.msPerPaidCall} ms vs unpaid ${f.msPerUnpaidCall} ms -> paid/unpaid x${f.paidOverUnpaid}`,
    ],
    figures: { ...f },
  };
}
