import { readdirSync, readFileSync } from "node:fs"
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path"
import ts from "typescript"

/**
 * The sandbox and the demo storefront stand beside the plugin, not inside it. The plugin's code,
 * what its tarball ships from src/, imports neither: a store that installs the plugin gets
 * neither in its server, and the sandbox stays a second reading of the service's documentation
 * (its own test, packages/sandbox/__tests__/imports.unit.spec.ts, keeps the other direction).
 * Tests under src/ may start the sandbox, as the integration tests do: the tarball leaves them out.
 */
const ROOT = resolve(__dirname, "../..")
const SRC = join(ROOT, "src")
const TOOLS = ["packages/sandbox", "packages/demo-storefront"]
const PLUGIN = "medusa-payment-bnpl"
const SOURCE = /\.[cm]?tsx?$/

/** The tarball's exclusions under src/ (package.json's `files`), as patterns on a path from src/. */
function unshippedPatterns(): RegExp[] {
  const files: string[] = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).files
  return files
    .filter((entry) => entry.startsWith("!.medusa/server/src/"))
    .map((entry) => entry.slice("!.medusa/server/src/".length))
    .map((glob) => new RegExp(`^${glob.split("**/").map(oneFolder).join("(?:.*/)?")}(?:/|$)`))
}

/** A piece of a glob between its `**`s: `*` is any name within one folder. */
function oneFolder(piece: string): string {
  return piece.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*")
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return SOURCE.test(entry.name) ? [path] : []
  })
}

const fromSrc = (file: string): string => relative(SRC, file).split(sep).join("/")

/** The plugin's code: every source file under src/ that the tarball ships. */
function pluginFiles(): string[] {
  const unshipped = unshippedPatterns()
  return sourceFiles(SRC).filter((file) => !unshipped.some((pattern) => pattern.test(fromSrc(file))))
}

/** What TypeScript itself reads as imports: `import`, `export … from`, `import()`, `require()`. */
function specifiersOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((imported) => imported.fileName)
}

/** The tool a specifier of `file` leads into, or null. */
function toolImported(file: string, specifier: string): string | null {
  if (specifier.startsWith(".") || isAbsolute(specifier)) {
    const target = relative(ROOT, resolve(dirname(file), specifier))
      .split(sep)
      .join("/")
    return TOOLS.find((tool) => target === tool || target.startsWith(`${tool}/`)) ?? null
  }
  // The sandbox as the built package exports it.
  return specifier === `${PLUGIN}/sandbox` || specifier.startsWith(`${PLUGIN}/.medusa/server/packages/`) ? specifier : null
}

describe("the plugin's code and the tools beside it", () => {
  it("imports neither the sandbox nor the demo storefront, from any file the tarball ships", () => {
    const offenders = pluginFiles().flatMap((file) =>
      specifiersOf(readFileSync(file, "utf8"))
        .filter((specifier) => toolImported(file, specifier) !== null)
        .map((specifier) => `src/${fromSrc(file)} imports ${specifier}`),
    )
    expect(offenders).toEqual([])
  })

  it("counts as plugin code every shipped file, and not the tests, the seed scripts or the demo's routes", () => {
    const names = pluginFiles().map(fromSrc)
    expect(names).toEqual(
      expect.arrayContaining(["api/middlewares.ts", "api/describe-issues.ts", "providers/bnpl/index.ts", "lib/service/client.ts"]),
    )
    expect(names.filter((name) => /(^|\/)__tests__\//.test(name) || name.startsWith("api/demo/") || name.startsWith("scripts/"))).toEqual([])
  })

  it("finds a tool however it is reached", () => {
    const route = join(SRC, "api", "admin", "route.ts")
    expect(toolImported(route, "../../../packages/sandbox")).toBe("packages/sandbox")
    expect(toolImported(route, "../../../packages/sandbox/issues")).toBe("packages/sandbox")
    expect(toolImported(route, "../../../packages/demo-storefront/shell")).toBe("packages/demo-storefront")
    expect(toolImported(route, join(ROOT, "packages", "sandbox", "wire"))).toBe("packages/sandbox")
    expect(toolImported(route, `${PLUGIN}/sandbox`)).toBe(`${PLUGIN}/sandbox`)
    // Allowed: the plugin's own files, the storefront kit, packages.
    expect(toolImported(route, "../../lib/service/client")).toBeNull()
    expect(toolImported(route, "../../storefront/lang")).toBeNull()
    expect(toolImported(route, "../../../packages/sandboxes")).toBeNull()
    expect(toolImported(route, "zod")).toBeNull()
  })
})
