// Mocha's spec output, closed by the plain line `N passed, N failed` that CI recognises.
// With MOCHA_COUNT_FILE set the counts are also written there as JSON (scripts/test-run.ts adds up its lanes).
const { writeFileSync } = require("node:fs");
const Mocha = require("mocha");

class CountingReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    // A test that failed and passed on its retry (.mocharc.cjs `retries`) is named, never silent.
    const retried = [];
    runner.on(Mocha.Runner.constants.EVENT_TEST_RETRY, (test, error) => {
      retried.push(`${test.fullTitle()}: ${String(error && error.message).split("\n")[0]}`);
    });
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      for (const line of retried) process.stdout.write(`\nretried after a failure: ${line}`);
      const { passes, failures, pending } = runner.stats;
      if (process.env.MOCHA_COUNT_FILE)
        writeFileSync(process.env.MOCHA_COUNT_FILE, JSON.stringify({ passes, failures, pending }));
      process.stdout.write(`\n${passes} passed, ${failures} failed${pending ? `, ${pending} skipped` : ""}\n`);
    });
  }
}

module.exports = CountingReporter;
