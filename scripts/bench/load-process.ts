/**
 * The load generator in a process of its own, so the server measured does not share its event loop
 * with the client: `tsx scripts/bench/load-process.ts <url> <concurrency> <seconds>` prints the
 * figures as one JSON line. `runLoadOutOfProcess` runs it and reads them back.
 */
import { spawn } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { runLoad, type LoadFigures, type LoadOptions } from "./http-load";

export function runLoadOutOfProcess(options: LoadOptions): Promise<LoadFigures> {
  const args = [
    "--import",
    "tsx",
    fileURLToPath(import.meta.url),
    options.url,
    String(options.concurrency ?? 24),
    String(options.seconds ?? 5),
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
  const [url, concurrency, seconds] = process.argv.slice(2);
  if (url === undefined) throw new Error("usage: load-process.ts <url> [concurrency] [seconds]");
  const figures = await runLoad({ url, concurrency: Number(concurrency ?? 24), seconds: Number(seconds ?? 5) });
  console.log(JSON.stringify(figures));
}
