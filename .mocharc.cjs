// Tests run TypeScript through tsx; the reporter ends with the plain line CI reads.
// MOCHA_LANE picks the spec files (test/support/test-lanes.cjs): every suite but the slow ones by default.
const { lane } = require("./test/support/test-lanes.cjs");

const { spec, ignore } = lane(process.env.MOCHA_LANE);

module.exports = {
  "node-option": ["import=tsx"],
  spec,
  ignore,
  recursive: true,
  timeout: 20000,
  // The end-to-end lane shares one seeded world and runs beside the unit lane on two cores. The 502s after another
  // file's evm_revert are found (the index now rolls back a reorganisation; test/e2e/http/support/chain-revert.ts
  // still mines past the old head for the poll interval); a Sui page past 60 s under load is not.
  // One retry there until it is; a retry is reported by the counting reporter, so it is never silent.
  retries: (process.env.MOCHA_LANE ?? "").startsWith("e2e") ? 1 : 0,
  reporter: "./test/support/counting-reporter.cjs",
  exit: true,
};
