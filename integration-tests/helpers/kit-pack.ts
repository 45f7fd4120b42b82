import { execFileSync } from "child_process"
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from "fs"
import { tmpdir } from "os"
import { join, resolve } from "path"

const KIT = resolve(__dirname, "../../packages/storefront")
const TSC = resolve(__dirname, "../../node_modules/.bin/tsc")

/**
 * `npm pack` of the storefront kit (packages/storefront) into `destination`, built by its own
 * tsconfig.build.json as its prepack script builds it; answers the tarball's path. The build is
 * written to a staging copy outside the project, not to packages/storefront/dist: the browser
 * suite's `medusa develop` restarts on any write under the project.
 */
export function packKit(destination: string): string {
  const stage = mkdtempSync(join(tmpdir(), "bnpl-kit-stage-"))
  try {
    for (const file of ["package.json", "README.md"]) if (existsSync(join(KIT, file))) copyFileSync(join(KIT, file), join(stage, file))
    execFileSync(TSC, ["-p", join(KIT, "tsconfig.build.json"), "--outDir", join(stage, "dist")], { stdio: "pipe" })
    const before = new Set(readdirSync(destination))
    execFileSync("npm", ["pack", "--ignore-scripts", "--pack-destination", destination], { cwd: stage, stdio: "pipe" })
    const tarball = readdirSync(destination).find((file) => file.endsWith(".tgz") && !before.has(file))
    if (!tarball) throw new Error("npm pack of packages/storefront wrote no tarball")
    return join(destination, tarball)
  } finally {
    rmSync(stage, { recursive: true, force: true })
  }
}
