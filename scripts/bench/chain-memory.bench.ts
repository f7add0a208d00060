/**
 * The embedded chain's memory under calls that run many steps (src/dev-world/trace-collection.ts): each side in a
 * process of its own (chain-memory.child.ts), the embedded chain as `npm start` runs it against Hardhat's EDR provider
 * as Hardhat makes it, the baseline, in the same run.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

interface Side {
  readonly peakMb: number;
  readonly endMb: number;
  readonly medianCallMs: number;
}

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), "chain-memory.child.ts");

function side(mode: "embedded" | "plain"): Promise<Side> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CHILD, mode], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("exit", (code) => {
      const line = out.trim().split("\n").pop() ?? "";
      if (code === 0 && line.startsWith("{")) resolve(JSON.parse(line) as Side);
      else reject(new Error(`chain-memory child (${mode}) exited with ${code}: ${out.slice(-300)}`));
    });
  });
}

export async function runChainMemoryBench(): Promise<{ embedded: Side; plain: Side }> {
  const plain = await side("plain");
  const embedded = await side("embedded");
  return { embedded, plain };
}
