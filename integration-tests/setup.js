/* global jest */
const { MetadataStorage } = require("@medusajs/framework/mikro-orm/core")

MetadataStorage.clear()

// Under Medusa's http test runner, the store's link to its locales (`GET /store/locales`) reads the
// translation flag when it is first loaded, before the runner has read medusa-config.ts's
// `featureFlags`: only the environment's flag reaches it in time. `medusa develop` and `medusa start`
// read the config first, and need nothing more.
process.env.MEDUSA_FF_TRANSLATION ??= "true"

// `npm test` migrates the test server's template1 once (scripts/harness/migrated-template.ts) with
// `medusa db:migrate`, links included, and says so: each http file's database is then a migrated
// copy, and Medusa's runner need not check every module's migrations again (about 8 s of a worker
// per file) nor compare every link's table with the database (about 1 s). What its link sync also
// does stays: loading the project's link definitions, through which the read-only links
// (src/links) reach query.graph. Every http file boots this project's medusa-config.ts, whose
// modules (and so links) the template was migrated with.
if (process.env.BNPL_TEST_TEMPLATE_MIGRATED === "1") {
  const { dirname, join } = require("node:path")
  const runnerUtils = join(dirname(require.resolve("@medusajs/test-utils")), "medusa-test-runner-utils")
  jest.doMock(runnerUtils, () => ({
    ...jest.requireActual(runnerUtils),
    migrateDatabase: async () => {},
    // The runner's own link sync up to its plan: the link modules loaded, their tables not compared.
    syncLinks: async (appLoader, directory, container, logger) => {
      const { ContainerRegistrationKeys, getResolvedPlugins } = require("@medusajs/framework/utils")
      const { LinkLoader } = require("@medusajs/framework")
      const plugins = await getResolvedPlugins(directory, container.resolve(ContainerRegistrationKeys.CONFIG_MODULE), true)
      await new LinkLoader(
        plugins.map((plugin) => join(plugin.resolve, "links")),
        logger,
      ).load()
      await appLoader.getLinksExecutionPlanner()
    },
  }))
}
