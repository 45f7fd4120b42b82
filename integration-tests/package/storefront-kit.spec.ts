import { execFileSync, spawnSync } from "child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "fs"
import { tmpdir } from "os"
import { basename, join, resolve } from "path"
import ts from "typescript"
import { packKit } from "../helpers/kit-pack"
import { plainInstall } from "../helpers/plain-install"

/**
 * What a storefront developer does with the kit: its packed tarball installed with a plain
 * `npm install` into a fresh project shaped like Medusa's starter storefront (React 19,
 * `@medusajs/js-sdk` 2.18.0), then a file that imports every export type-checked under each
 * moduleResolution a storefront may use. Shares the npm cache, as the other package test does.
 */
jest.setTimeout(300_000)

const PROJECT = resolve(__dirname, "../..")
const TSC = join(PROJECT, "node_modules/.bin/tsc")
const KIT = "medusa-payment-bnpl-storefront"
const STARTER = { react: "19.0.5", "react-dom": "19.0.5", "@types/react": "19.0.5", "@medusajs/js-sdk": "2.18.0", "@medusajs/types": "2.18.0" }
/** The React entry's components and hooks: a storefront imports them from `${KIT}/react`. */
const REACT_ENTRY = [
  "BnplProvider",
  "useBnpl",
  "BnplPaymentOption",
  "useBnplPaymentInfo",
  "BnplPaymentButton",
  "BnplReturn",
  "BnplPaymentLink",
  "BnplOffer",
  "isBnpl",
]

let scratch: string
let install: { status: number | null; output: string }

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "bnpl-kit-"))
  const tarball = packKit(scratch)
  writeFileSync(
    join(scratch, "package.json"),
    JSON.stringify({ name: "scratch-storefront", private: true, dependencies: { ...STARTER, [KIT]: `file:./${basename(tarball)}` } }),
  )
  // No --legacy-peer-deps, no --force: a peer the storefront cannot satisfy fails here.
  install = plainInstall(scratch)
})

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

let exported: { values: string[]; types: string[] } | undefined

/** Every name the installed kit exports, values and types, read by the compiler from its declarations. */
function kitExports(): { values: string[]; types: string[] } {
  return (exported ??= readExports())
}

function readExports(): { values: string[]; types: string[] } {
  const entry = join(scratch, "node_modules", KIT, "dist/index.d.ts")
  const program = ts.createProgram([entry], { skipLibCheck: true, moduleResolution: ts.ModuleResolutionKind.Node10 })
  const checker = program.getTypeChecker()
  const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!
  const values: string[] = []
  const types: string[] = []
  for (const symbol of checker.getExportsOfModule(module)) {
    // `export type { Offer }` exports only the type of what is also a value (a zod schema).
    const declaration = symbol.declarations?.[0]
    const typeOnly = !!declaration && ts.isExportSpecifier(declaration) && (declaration.isTypeOnly || declaration.parent.parent.isTypeOnly)
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
    ;(!typeOnly && target.flags & ts.SymbolFlags.Value ? values : types).push(symbol.name)
  }
  return { values, types }
}

/** A storefront file importing every export, and passing a real js-sdk 2.18 client to the kit. */
function consumer({ values, types }: { values: string[]; types: string[] }): string {
  return [
    `import Medusa from "@medusajs/js-sdk"`,
    `import { ${values.join(", ")} } from "${KIT}"`,
    `import type { ${types.join(", ")} } from "${KIT}"`,
    `export const values = [${values.join(", ")}] as const`,
    `export type Types = [${types.join(", ")}]`,
    `const sdk = new Medusa({ baseUrl: "http://localhost:9000", publishableKey: "pk_test" })`,
    `export const offer: Promise<Offer> = getOffer(sdk, { amount: 1234.5, currencyCode: "mxn", lang: "es-MX" })`,
    `export const url = (cart: StoreCart): Promise<string> => installmentCheckoutUrl(sdk, cart, { returnUrl: "/mx/checkout/bnpl/success" })`,
    `export const back: Promise<ReturnState> = completeOnReturn(sdk, "cart_1", { outcome: "error" })`,
    `import * as react from "${KIT}/react"`,
    `export const components = [${REACT_ENTRY.map((name) => `react.${name}`).join(", ")}] as const`,
    "",
  ].join("\n")
}

/** `tsc --noEmit` of the consumer under one module/moduleResolution pair: its diagnostics, empty when clean. */
function typecheck(module: string, moduleResolution: string): string {
  const dir = join(scratch, `check-${moduleResolution}`)
  execFileSync("mkdir", ["-p", dir])
  writeFileSync(join(dir, "consumer.ts"), consumer(kitExports()))
  // The starter's own options (strict, skipLibCheck) with the resolution under test.
  const compilerOptions = {
    target: "ES2020",
    lib: ["dom", "esnext"],
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    esModuleInterop: true,
    module,
    moduleResolution,
  }
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["consumer.ts"] }))
  const run = spawnSync(TSC, ["-p", dir], { cwd: scratch, encoding: "utf8" })
  return run.status === 0 ? "" : `${run.stdout}${run.stderr}`
}

describe("the storefront kit, packed, in a fresh React 19 storefront", () => {
  it("installs with a plain npm install: no peer conflict, and none of the plugin's backend or admin packages", () => {
    expect(install.output).not.toMatch(/ERESOLVE|peer dep/i)
    expect(install.status).toBe(0)
    for (const name of ["@medusajs/medusa", "@medusajs/framework", "@medusajs/admin-sdk", "@medusajs/ui", "medusa-payment-bnpl"]) {
      expect({ name, installed: existsSync(join(scratch, "node_modules", name)) }).toEqual({ name, installed: false })
    }
    const installed = JSON.parse(readFileSync(join(scratch, "node_modules", KIT, "package.json"), "utf8"))
    // React is a peer only of the /react entry: a storefront without React installs the kit as well.
    expect(installed.peerDependencies).toEqual({ "@medusajs/js-sdk": expect.any(String), react: expect.any(String) })
    expect(installed.peerDependenciesMeta).toEqual({ react: { optional: true } })
  })

  it.each([
    ["ESNext", "node"],
    ["ESNext", "bundler"],
    ["Node16", "node16"],
  ])("type-checks a file importing every export under module %s, moduleResolution %s", (module, moduleResolution) => {
    const { values, types } = kitExports()
    expect(values).toEqual(
      expect.arrayContaining(["getOffer", "getCartEligibility", "installmentCheckoutUrl", "completeOnReturn", "formatInstallments"]),
    )
    expect(types).toEqual(expect.arrayContaining(["Offer", "CartEligibility", "ReturnState", "StoreCart"]))
    expect(typecheck(module, moduleResolution)).toBe("")
  })

  it("runs from the storefront's node_modules, required and imported", () => {
    const script = `
      const kit = require("${KIT}")
      const offer = { available: true, reason: null, currency_code: "mxn", amount: 1234.5,
        plan: { installments: 4, frequency_days: 14, amounts: [308.62, 308.62, 308.62, 308.64] },
        limits: { min_amount: 1, max_amount: 100000, currencies: ["mxn"] }, lang: "es-MX" }
      import("${KIT}").then((esm) => console.log(kit.formatInstallments(offer, "es-MX") + "|" + typeof esm.completeOnReturn))`
    const output = execFileSync(process.execPath, ["-e", script], { cwd: scratch, encoding: "utf8" })
    expect(output.trim()).toBe("o 4 pagos de $308.62 cada 2 semanas (el último de $308.64)|function")
  })
})
