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
  // The end-to-end lane shares one seeded world and runs beside the unit lane on two cores: three CI runs of the
  // merge of issues 29-34 each saw one different e2e test answer 502 under load (scoring after an evm_revert of
  // another file, a Sui page past 60 s), never the same one twice. One retry there, until those are found; a retry
  // is reported by the counting reporter, so it is never silent.
  retries: process.env.MOCHA_LANE === "e2e" ? 1 : 0,
  reporter: "./test/support/counting-reporter.cjs",
  exit: true,
};
