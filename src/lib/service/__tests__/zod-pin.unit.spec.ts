import { existsSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { z } from "zod"
import { z as medusaZ } from "@medusajs/framework/zod"

/**
 * The plugin's schemas and Medusa's validators must share one zod: a second copy would make
 * `instanceof ZodError` and schema composition fail across the two. After a Medusa upgrade,
 * this fails until package.json pins the zod that Medusa's own packages pin.
 */
type PackageJson = { name?: string; version?: string; dependencies?: Record<string, string> }
const readJson = (file: string): PackageJson => JSON.parse(readFileSync(file, "utf8"))

/** The package.json of `name`, found from one of its files (Medusa's packages do not export it). */
function packageJsonOf(name: string, fromFile: string): { file: string; json: PackageJson } {
  for (let dir = dirname(fromFile); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, "package.json")
    if (existsSync(file) && readJson(file).name === name) return { file, json: readJson(file) }
  }
  throw new Error(`no package.json of ${name} above ${fromFile}`)
}

/** `@medusajs/framework/zod` re-exports `@medusajs/deps/zod`: the zod Medusa pins is the one deps lists. */
function medusaZodPin(): string {
  const framework = require.resolve("@medusajs/framework/zod")
  const deps = packageJsonOf("@medusajs/deps", require.resolve("@medusajs/deps/zod", { paths: [dirname(framework)] }))
  const pin = deps.json.dependencies?.zod
  if (!pin) throw new Error(`${deps.file} no longer lists zod: find where @medusajs/framework gets zod from now`)
  return pin
}

describe("zod", () => {
  const ours = readJson(join(__dirname, "../../../../package.json")).dependencies?.zod

  it("is pinned to exactly the version @medusajs/framework depends on", () => {
    expect(ours).toBe(medusaZodPin())
  })

  it("is one installed copy, the one Medusa uses", () => {
    expect(readJson(require.resolve("zod/package.json")).version).toBe(ours)
    expect(z).toBe(medusaZ)
  })
})
