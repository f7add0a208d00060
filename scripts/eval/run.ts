// Runs every `*.eval.ts` in this folder, one after another, in name order: each prints its own measures,
// one line per measure (e.g. `cluster membership: precision 1.00 recall 1.00 (n=...)`). Usage: npm run eval
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const evals = readdirSync(here)
  .filter((f) => f.endsWith(".eval.ts"))
  .sort();
let failed = 0;
for (const file of evals) {
  console.log(`# ${file}`);
  try {
    const module = (await import(pathToFileURL(path.join(here, file)).href)) as { run?: () => Promise<void> };
    if (typeof module.run !== "function") throw new Error(`${file} exports no run()`);
    await module.run();
  } catch (error) {
    failed++;
    console.error(`${file} failed:`, error);
  }
}
process.exit(failed === 0 ? 0 : 1);
