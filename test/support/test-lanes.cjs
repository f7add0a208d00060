// Which spec files each mocha run takes (MOCHA_LANE, read by .mocharc.cjs). `npm test` runs "checked", "e2e-1" and
// "e2e-2" side by side (scripts/test-run.ts); `npm run test:slow` runs "slow" after it in CI.
/** Slow by nature: processes killed and restarted, the eval corpus. Not in `npm test`; `npm run test:slow`. */
const SLOW = [
  "test/e2e/multi-instance/**/*.test.ts",
  "test/e2e/service/protocol-guard-restart.test.ts",
  "test/e2e/scoring/flags-eval.test.ts",
];

/** The first of the two end-to-end lanes of `npm test` (the second is the rest of test/e2e). */
const E2E_1 = [
  "test/e2e/http/**/*.test.ts",
  "test/e2e/scoring/**/*.test.ts",
  "test/e2e/payment/**/*.test.ts",
  "test/e2e/edge/**/*.test.ts",
  "test/e2e/sui/**/*.test.ts",
  // On the shared app too: in the other lane they would start a second one.
  "test/e2e/service/mcp-*.test.ts",
];

const LANES = {
  // Every suite but the slow ones (plain `npx mocha`, `npm run test:unit`).
  all: { spec: ["test/**/*.test.ts"], ignore: SLOW },
  // Unit and integration suites: no service running, each starts only what it talks to.
  checked: { spec: ["test/unit/**/*.test.ts", "test/integration/**/*.test.ts"], ignore: SLOW },
  e2e: { spec: ["test/e2e/**/*.test.ts"], ignore: SLOW },
  // `npm test` runs the end-to-end suites as two lanes side by side, split by measured file time (about 60 s each
  // alone): most of a suite's wall time is waiting on a chain, a browser or a child process, not CPU. e2e-1 holds
  // every suite on the shared seeded app (test/e2e/http/support/app-world.ts, started once per lane) and the scoring
  // ones; e2e-2 is every other end-to-end suite (services started per file, the browser, the attack run), so a new
  // folder lands there until it is measured.
  "e2e-1": { spec: E2E_1, ignore: SLOW },
  "e2e-2": { spec: ["test/e2e/**/*.test.ts"], ignore: [...SLOW, ...E2E_1] },
  slow: { spec: SLOW, ignore: [] },
};

function lane(name = "all") {
  const found = LANES[name];
  if (found === undefined) throw new Error(`MOCHA_LANE=${name}: no such lane (${Object.keys(LANES).join(", ")})`);
  return found;
}

module.exports = { SLOW, LANES, lane };
