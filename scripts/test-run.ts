// `npm test` (mode "tests"): every suite but the slow ones, in three lanes side by side (TEST_LANES). `npm run
// check` (mode "checks"): the type check, lint and the dependency rule (CHECK_LANES). The suites share nothing but
// the seeded world's recording (.cache/dev-world, one seed per key, see src/dev-world/world-cache.ts). Each step's
// output is printed whole when it ends; the last line adds up every lane: `N passed, N failed`.
// Usage: npx tsx scripts/test-run.ts [tests|checks]
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

interface Step {
  readonly name: string;
  readonly args: readonly string[];
  /** Mocha lane (test/support/test-lanes.cjs): its counts are added to the final line. */
  readonly lane?: string;
}

interface Counts {
  passes: number;
  failures: number;
  pending: number;
}

const npm = (script: string): Step => ({ name: script, args: ["run", "-s", script] });
const mocha = (lane: string): Step => ({ name: `mocha (${lane})`, args: ["exec", "--", "mocha"], lane });

// The suites in three lanes side by side on two cores: the unit and integration suites, and the end-to-end suites
// split in two by measured file time (test/support/test-lanes.cjs); most of a mocha lane's wall time is waiting (a
// chain, a browser, a child process, a lease running out), and the lanes overlap it.
const TEST_LANES: readonly (readonly Step[])[] = [[mocha("checked")], [mocha("e2e-1")], [mocha("e2e-2")]];

// `npm run check`: the static checks, which are not tests and take a third of the CPU the suites do (`time npm run
// -s lint`: 55 s of CPU on a fresh clone). CI runs them before `npm test` (.ci/run); each runs whatever the others
// say and counts as one on the final line.
const CHECK_LANES: readonly (readonly Step[])[] = [[npm("lint")], [npm("typecheck")], [npm("depcheck")]];

const mode = process.argv[2] ?? "tests";
if (mode !== "tests" && mode !== "checks")
  throw new Error(`usage: tsx scripts/test-run.ts [tests|checks], not ${mode}`);
const LANES = mode === "checks" ? CHECK_LANES : TEST_LANES;

const countsDir = mkdtempSync(path.join(tmpdir(), "credence-test-run-"));
const total: Counts = { passes: 0, failures: 0, pending: 0 };
let failed = false;

function run(step: Step): Promise<boolean> {
  const started = performance.now();
  const countFile = step.lane === undefined ? undefined : path.join(countsDir, `${step.lane}.json`);
  const env = {
    ...process.env,
    ...(step.lane === undefined ? {} : { MOCHA_LANE: step.lane, MOCHA_COUNT_FILE: countFile }),
  };
  const child = spawn("npm", step.args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.once("close", (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n===== ${step.name}: ${code === 0 ? "ok" : `exit ${code}`} in ${seconds} s =====\n`);
      process.stdout.write(output);
      if (countFile === undefined) {
        // A static check is one check: it passed or it failed.
        if (code === 0) total.passes += 1;
        else total.failures += 1;
      } else {
        if (existsSync(countFile)) {
          const counts = JSON.parse(readFileSync(countFile, "utf8")) as Counts;
          total.passes += counts.passes;
          total.failures += counts.failures;
          total.pending += counts.pending;
        } else {
          // The run ended before its reporter did (a crash): that is a failure, not zero tests.
          process.stdout.write(`\n${step.name} ended without counting its tests\n`);
          total.failures += 1;
        }
      }
      resolve(code === 0);
    });
  });
}

async function runLane(steps: readonly Step[]): Promise<void> {
  for (const step of steps) {
    if (!(await run(step))) {
      failed = true;
      return; // as `a && b`: a failed step stops its lane
    }
  }
}

await Promise.all(LANES.map(runLane));
rmSync(countsDir, { recursive: true, force: true });
const skipped = total.pending > 0 ? `, ${total.pending} skipped` : "";
process.stdout.write(`\n${total.passes} passed, ${total.failures} failed${skipped}\n`);
process.exit(failed || total.failures > 0 ? 1 : 0);
