import { readFileSync } from "node:fs"
import { type Check, ok, warn } from "../types"

/** The Medusa versions this plugin's tests ran against. */
export const TESTED_MEDUSA_VERSIONS = ["2.21.2"] as const

/** `@medusajs/medusa`'s version, as the store installed it. */
export function installedMedusaVersion(): string | undefined {
  try {
    const manifest = readFileSync(require.resolve("@medusajs/medusa/package.json"), "utf8")
    return (JSON.parse(manifest) as { version?: string }).version
  } catch {
    return undefined
  }
}

export const medusaVersionCheck: Check = {
  id: "medusa_version",
  async run() {
    const version = installedMedusaVersion()
    const tested = TESTED_MEDUSA_VERSIONS.join(", ")
    if (version && (TESTED_MEDUSA_VERSIONS as readonly string[]).includes(version))
      return ok(`Medusa ${version}, a version this plugin was tested with.`)
    return warn(
      `Medusa ${version ?? "(version unknown)"} is not a version this plugin was tested with (${tested}).`,
      `Install a tested Medusa version (${tested}), or a release of this plugin tested with ${version ?? "yours"}; test checkout, webhook and refunds before going live.`,
    )
  },
}
