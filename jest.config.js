const { loadEnv } = require("@medusajs/framework/utils")
loadEnv("test", process.cwd())

module.exports = {
  transform: {
    "^.+\\.[jt]sx?$": ["@swc/jest", { jsc: { parser: { syntax: "typescript", decorators: true, tsx: true } } }],
  },
  testEnvironment: "node",
  moduleFileExtensions: ["js", "ts", "tsx", "json"],
  modulePathIgnorePatterns: ["dist/", "<rootDir>/.medusa/", "<rootDir>/.data/"],
  setupFiles: ["./integration-tests/setup.js"],
  testSequencer: "./integration-tests/sequencer.js",
}

const suites = {
  unit: ["**/src/**/__tests__/**/*.unit.spec.[jt]s", "**/scripts/**/__tests__/**/*.unit.spec.[jt]s"],
  "integration:http": ["**/integration-tests/http/**/*.spec.[jt]s"],
  browser: ["**/integration-tests/browser/**/*.spec.[jt]s"],
  // The packaging test runs once, under Node 22 (node22.spec.ts starts it there, with
  // BNPL_PACKAGE_UNDER_NODE22 set); every other suite runs on the machine's Node 20.
  package: process.env.BNPL_PACKAGE_UNDER_NODE22
    ? ["**/integration-tests/package/package.spec.[jt]s"]
    : ["**/integration-tests/package/!(package).spec.[jt]s"],
}
module.exports.testMatch = suites[process.env.TEST_TYPE] ?? suites.unit
