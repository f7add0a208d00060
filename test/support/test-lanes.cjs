// Which spec files each mocha run takes (MOCHA_LANE, read by .mocharc.cjs). `npm test` runs "checked" and
// "e2e" side by side (scripts/test-run.ts); `npm run test:slow` runs "slow" after it in CI.
/** Slow by nature: processes killed and restarted, the eval corpus. Not in `npm test`; `npm run test:slow`. */
const SLOW = [
  "test/e2e/multi-instance/**/*.test.ts",
  "test/e2e/service/protocol-guard-restart.test.ts",
  "test/e2e/scoring/flags-eval.test.ts",
];

const LANES = {
  // Every suite but the slow ones (plain `npx mocha`, `npm run test:unit`).
  all: { spec: ["test/**/*.test.ts"], ignore: SLOW },
  // Unit and integration suites: no service running, each starts only what it talks to.
  checked: { spec: ["test/unit/**/*.test.ts", "test/integration/**/*.test.ts"], ignore: SLOW },
  e2e: { spec: ["test/e2e/**/*.test.ts"], ignore: SLOW },
  slow: { spec: SLOW, ignore: [] },
};

function lane(name = "all") {
  const found = LANES[name];
  if (found === undefined) throw new Error(`MOCHA_LANE=${name}: no such lane (${Object.keys(LANES).join(", ")})`);
  return found;
}

module.exports = { SLOW, LANES, lane };
