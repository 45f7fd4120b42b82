import { readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative, resolve, sep } from "node:path"
import ts from "typescript"

/**
 * src/lib's folders are layers, bottom up (docs/architecture.md, "Source layout"): a file imports
 * its own folder, the layers below it, and nothing above, so that the service's client never
 * depends on the ledger and the money rules never on what hands them to the provider. Read with
 * TypeScript's parser, so comments and strings do not count; type-only imports count too.
 */
const LAYERS = ["telemetry", "service", "medusa", "options", "catalog", "ledger", "money", "provider-channel"]
const LIB = resolve(__dirname, "..")

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === "__tests__" ? [] : sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : []
  })
}

const layerOf = (file: string): string => relative(LIB, file).split(sep)[0]

type Read = (file: string) => string
const readSource: Read = (file) => readFileSync(file, "utf8")

function importsOf(file: string, read: Read): string[] {
  const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, false)
  const specifiers: string[] = []
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text)
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0])) {
      specifiers.push(node.arguments[0].text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return specifiers.filter((s) => s.startsWith("."))
}

/** Each import from one folder of src/lib into a folder above it, as `file -> target`. */
function importsUpward(files: string[], read: Read = readSource): string[] {
  return files.flatMap((file) =>
    importsOf(file, read).flatMap((specifier) => {
      const target = resolve(dirname(file), specifier)
      if (!target.startsWith(LIB + sep)) return []
      const from = LAYERS.indexOf(layerOf(file))
      const to = LAYERS.indexOf(layerOf(target))
      return to > from ? [`${relative(LIB, file)} -> ${relative(LIB, target)}`] : []
    }),
  )
}

describe("src/lib's layers", () => {
  const files = sourceFiles(LIB)

  it("every file of src/lib sits in a named layer", () => {
    expect(files.length).toBeGreaterThan(50)
    expect([...new Set(files.map(layerOf))].filter((layer) => !LAYERS.includes(layer))).toEqual([])
  })

  it("no import runs up a layer", () => {
    expect(importsUpward(files)).toEqual([])
  })

  it("finds an import that runs up (the check works)", () => {
    const scratch = join(LIB, "service", "scratch.ts")
    const read: Read = () => 'import type { LedgerLoan } from "../../modules/bnpl/types"\nimport { ledgerOf } from "../ledger/ledger"'
    expect(importsUpward([scratch], read)).toEqual([`${join("service", "scratch.ts")} -> ${join("ledger", "ledger")}`])
  })
})
