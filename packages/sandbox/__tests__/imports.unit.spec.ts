import { readdirSync, readFileSync } from "node:fs"
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path"
import ts from "typescript"

/**
 * The sandbox is its own reading of the service's documentation. Were it to import the
 * plugin's code (its wire schemas, its status table, its language rule), a misreading in the
 * plugin would be repeated by the sandbox and every test would pass against it. So nothing
 * under packages/sandbox reaches outside it, but for installed packages (express, zod).
 */
const SANDBOX = resolve(__dirname, "..")
const ROOT = resolve(SANDBOX, "../..")
const PLUGIN = "medusa-payment-bnpl"
const UP = ".."
const SOURCE = /\.[cm]?tsx?$/

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return SOURCE.test(entry.name) ? [path] : []
  })
}

/** What TypeScript itself reads as imports: `import`, `export … from`, `import()`, `require()`; not comments or strings. */
function specifiersOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((imported) => imported.fileName)
}

/** Where outside the sandbox a specifier of `file` leads (a path from the repository's root, or the plugin's package), or null when it stays inside. */
function outsideTarget(file: string, specifier: string): string | null {
  if (specifier.startsWith(".") || isAbsolute(specifier)) {
    const target = resolve(dirname(file), specifier)
    const within = relative(SANDBOX, target)
    return within.startsWith(UP) || isAbsolute(within) ? relative(ROOT, target).split(sep).join("/") : null
  }
  // The plugin's package (`medusa-payment-bnpl/.medusa/server/src/…`, `medusa-payment-bnpl-storefront`) is the same code, built.
  return specifier === PLUGIN || specifier.startsWith(`${PLUGIN}/`) || specifier.startsWith(`${PLUGIN}-`) ? specifier : null
}

describe("the sandbox's imports", () => {
  const files = sourceFiles(SANDBOX)

  it("never leave packages/sandbox, from any file in it", () => {
    const offenders = files.flatMap((file) =>
      specifiersOf(readFileSync(file, "utf8"))
        .filter((specifier) => outsideTarget(file, specifier) !== null)
        .map((specifier) => `${relative(SANDBOX, file)} imports ${specifier}`),
    )
    expect(offenders).toEqual([])
  })

  it("are read from every file, nested ones and tests included", () => {
    const names = files.map((file) => relative(SANDBOX, file).split(sep).join("/"))
    expect(names).toEqual(
      expect.arrayContaining([
        "wire.ts",
        "http/refund-route.ts",
        "webhook/config.ts",
        "__tests__/imports.unit.spec.ts",
        "checkout/__tests__/checkout-language.unit.spec.ts",
      ]),
    )
  })

  it("are found in every form of import, and not in comments or strings", () => {
    const source = [
      'import a from "./a"',
      'import type { B } from "./b"',
      'import "./c"',
      'export * from "./d"',
      'export { e } from "./e"',
      'import f = require("./f")',
      'const g = require("./g")',
      'const h = import("./h")',
      '// import i from "./i"',
      "const j = 'import j from \"./j\"'",
    ].join("\n")
    expect(specifiersOf(source)).toEqual(["./a", "./b", "./c", "./d", "./e", "./f", "./g", "./h"])
  })

  it("are resolved against the importing file before they are judged", () => {
    const nested = join(SANDBOX, "http", "route.ts")
    const top = join(SANDBOX, "loans.ts")
    expect(outsideTarget(nested, `${UP}/${UP}/${UP}/src/lib/service/wire`)).toBe("src/lib/service/wire")
    expect(outsideTarget(top, `${UP}/${UP}/src/storefront/lang`)).toBe("src/storefront/lang")
    expect(outsideTarget(top, `./http/${UP}/${UP}/storefront/index`)).toBe("packages/storefront/index")
    expect(outsideTarget(top, join(ROOT, "src", "providers", "bnpl"))).toBe("src/providers/bnpl")
    expect(outsideTarget(top, `${PLUGIN}/.medusa/server/src/lib/service/wire`)).toBe(`${PLUGIN}/.medusa/server/src/lib/service/wire`)
    expect(outsideTarget(top, `${PLUGIN}-storefront`)).toBe(`${PLUGIN}-storefront`)
    // Allowed: the sandbox's own files, a sibling that only sounds alike, installed packages.
    expect(outsideTarget(nested, "../wire")).toBeNull()
    expect(outsideTarget(nested, "./lib")).toBeNull()
    expect(outsideTarget(top, "./checkout/lang")).toBeNull()
    expect(outsideTarget(top, "zod")).toBeNull()
    expect(outsideTarget(top, "node:fs")).toBeNull()
  })
})
