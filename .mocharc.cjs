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
  reporter: "./test/support/counting-reporter.cjs",
  exit: true,
};
