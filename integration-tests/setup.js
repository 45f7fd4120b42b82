const { MetadataStorage } = require("@medusajs/framework/mikro-orm/core")

MetadataStorage.clear()

// Under Medusa's http test runner, the store's link to its locales (`GET /store/locales`) reads the
// translation flag when it is first loaded, before the runner has read medusa-config.ts's
// `featureFlags`: only the environment's flag reaches it in time. `medusa develop` and `medusa start`
// read the config first, and need nothing more.
process.env.MEDUSA_FF_TRANSLATION ??= "true"
