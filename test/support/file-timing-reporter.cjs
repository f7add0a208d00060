// Where a run's time goes: the wall time spent in each spec file (its hooks included, shared fixtures
// land on the file that first needs them) with the CPU time this process spent meanwhile (child processes
// not counted: a file whose wall time is mostly not CPU is waiting), and the slowest tests, written to
// TIMING_OUT, then the same
// `N passed, N failed` line as the counting reporter. npx mocha --reporter ./test/support/file-timing-reporter.cjs
const { writeFileSync } = require("node:fs");
const Mocha = require("mocha");

const C = Mocha.Runner.constants;

class FileTimingReporter extends Mocha.reporters.Base {
  constructor(runner, options) {
    super(runner, options);
    const perFile = new Map();
    const cpuPerFile = new Map();
    let last = Date.now();
    let lastCpu = process.cpuUsage();
    let current = "(start)";
    const enter = (file) => {
      const now = Date.now();
      const cpu = process.cpuUsage(lastCpu);
      perFile.set(current, (perFile.get(current) ?? 0) + now - last);
      cpuPerFile.set(current, (cpuPerFile.get(current) ?? 0) + (cpu.user + cpu.system) / 1000);
      last = now;
      lastCpu = process.cpuUsage();
      current = file ?? current;
    };
    runner.on(C.EVENT_SUITE_BEGIN, (suite) => suite.file && enter(suite.file));
    runner.on(C.EVENT_TEST_BEGIN, (test) => test.file && enter(test.file));
    runner.on(C.EVENT_HOOK_BEGIN, (hook) => enter(hook.file ?? hook.parent?.file));
    const tests = [];
    runner.on(C.EVENT_TEST_PASS, (test) => tests.push([test.duration, test.file, test.fullTitle()]));
    runner.on(C.EVENT_TEST_FAIL, (test, error) => {
      tests.push([test.duration ?? 0, test.file, `FAIL ${test.fullTitle()}`]);
      process.stdout.write(`FAIL ${test.file} ${test.fullTitle()}: ${String(error).slice(0, 300)}\n`);
    });
    runner.once(C.EVENT_RUN_END, () => {
      enter("(end)");
      const files = [...perFile]
        .sort((a, b) => b[1] - a[1])
        .map(([file, ms]) => `${ms}\t${Math.round(cpuPerFile.get(file) ?? 0)}\t${file}`);
      const slowest = tests.sort((a, b) => b[0] - a[0]).slice(0, 60);
      const out = process.env.TIMING_OUT || "/tmp/credence-test-timing.txt";
      writeFileSync(
        out,
        `WALL_MS\tCPU_MS\tFILE\n${files.join("\n")}\n\nSLOWEST TESTS (ms)\n${slowest.map((t) => t.join("\t")).join("\n")}\n`,
      );
      const { passes, failures, pending } = runner.stats;
      process.stdout.write(`\n${passes} passed, ${failures} failed${pending ? `, ${pending} skipped` : ""}\n`);
    });
  }
}

module.exports = FileTimingReporter;
