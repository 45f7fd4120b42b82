const { loadEnv } = require("@medusajs/framework/utils")
loadEnv("test", process.cwd())

const project = {
  rootDir: __dirname,
  transform: {
    "^.+\\.[jt]sx?$": [
      "@swc/jest",
      { jsc: { parser: { syntax: "typescript", decorators: true, tsx: true }, transform: { react: { runtime: "automatic" } } } },
    ],
  },
  testEnvironment: "node",
  moduleFileExtensions: ["js", "ts", "tsx", "json"],
  modulePathIgnorePatterns: ["dist/", "<rootDir>/.medusa/", "<rootDir>/.data/"],
  setupFiles: ["./integration-tests/setup.js"],
}

module.exports = {
  ...project,
  testSequencer: "./integration-tests/sequencer.js",
}

const suites = {
  unit: [
    "**/src/**/__tests__/**/*.unit.spec.[jt]s",
    "**/scripts/**/__tests__/**/*.unit.spec.[jt]s",
    // The tools beside the plugin: the sandbox, the demo storefront.
    "**/packages/**/__tests__/**/*.unit.spec.[jt]s",
    // The money model's own checks that need no server (doors.unit.spec.ts: every money route has a command).
    "**/integration-tests/model/__tests__/**/*.unit.spec.[jt]s",
  ],
  "integration:http": ["**/integration-tests/http/**/*.spec.[jt]s"],
  browser: ["**/integration-tests/browser/**/*.spec.[jt]s"],
  // The packaging test runs once, under Node 22 (node22.spec.ts starts it there, with
  // BNPL_PACKAGE_UNDER_NODE22 set); every other suite runs on the machine's Node 20.
  package: process.env.BNPL_PACKAGE_UNDER_NODE22
    ? ["**/integration-tests/package/package.spec.[jt]s"]
    : ["**/integration-tests/package/!(package).spec.[jt]s"],
}
module.exports.testMatch = suites[process.env.TEST_TYPE] ?? suites.unit

if (process.env.TEST_TYPE === "browser") {
  // The files that take the demo store as `npm start` makes it share one, started by their
  // project's global setup only when one of them is to run (integration-tests/browser/helpers/
  // shared-demo.ts): each start costs one to two minutes of the machine. Any other browser file
  // starts a demo of its own configuration.
  const sharedDemo = ["checkout", "in-store", "admin"]
  module.exports.projects = [
    {
      ...project,
      displayName: "browser",
      testMatch: suites.browser,
      testPathIgnorePatterns: ["/node_modules/", `/integration-tests/browser/(${sharedDemo.join("|")})\\.spec\\.[jt]s$`],
    },
    {
      ...project,
      displayName: "browser (shared demo)",
      testMatch: sharedDemo.map((name) => `**/integration-tests/browser/${name}.spec.[jt]s`),
      globalSetup: "<rootDir>/integration-tests/browser/shared-demo.setup.ts",
      globalTeardown: "<rootDir>/integration-tests/browser/shared-demo.teardown.ts",
    },
  ]
  // One file at a time on the shared demo: admin.spec.ts replaces its sandbox for a while.
  module.exports.maxWorkers = 1
}
