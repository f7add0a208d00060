// Tests run TypeScript through tsx; the reporter ends with the plain line CI reads.
module.exports = {
  "node-option": ["import=tsx"],
  spec: ["test/**/*.test.ts"],
  recursive: true,
  timeout: 20000,
  reporter: "./test/support/counting-reporter.cjs",
  exit: true,
};
