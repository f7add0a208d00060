/** Just the cached-widget section of the bench, for quick iteration on the HTTP hot path. */
import { runWidgetBench } from "./app-http.bench";
import { startBenchApplication } from "./app-session";

async function main(): Promise<void> {
  const bench = await startBenchApplication();
  const report = await runWidgetBench(bench, { seconds: 5, concurrency: 24, widgetWaitMs: 20_000 });
  console.log(JSON.stringify(report));
  await bench.app.stop();
  process.exit(0);
}

void main();
