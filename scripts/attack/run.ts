import { parseArgs } from "node:util";
import { runAttackSuite } from "./attack-suite";
import { formatReport } from "./report";

/**
 * `npm run attack [-- --seed N --runs M --only I --no-payments --database-url postgres://...]`: the standing attack suite against a
 * real server on the embedded chain. Exits 1 on any broken invariant; the seed replays the run.
 */
const { values } = parseArgs({
  options: {
    seed: { type: "string" },
    runs: { type: "string", default: "5000" },
    only: { type: "string" },
    "no-payments": { type: "boolean", default: false },
    "database-url": { type: "string" },
  },
});
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
const runs = Number(values.runs);
if (!Number.isSafeInteger(seed) || !Number.isSafeInteger(runs) || runs < 1) {
  console.error(
    "usage: npm run attack -- [--seed <int>] [--runs <int >= 1>] [--only <index>] [--no-payments] [--database-url <postgres url>]",
  );
  process.exit(2);
}
console.log(`attack: seed ${seed}, ${runs} generated requests`);
const started = Date.now();
const report = await runAttackSuite({
  seed,
  runs,
  ...(values.only === undefined ? {} : { only: Number(values.only) }),
  payments: !values["no-payments"],
  ...(values["database-url"] === undefined ? {} : { databaseUrl: values["database-url"] }),
});
for (const line of formatReport(report)) console.log(line);
console.log(`attack: ${((Date.now() - started) / 1000).toFixed(1)} s; replay with --seed ${seed} --runs ${runs}`);
process.exit(report.passed ? 0 : 1);
