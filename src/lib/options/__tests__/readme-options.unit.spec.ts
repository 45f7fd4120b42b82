import { readFileSync } from "node:fs"
import { join } from "node:path"
import { OPTION_ENV, parseOptions } from "../options"

/**
 * The README's option table against the options schema: the same keys, the same environment
 * variables, the same defaults. It fails when an option is added, renamed or re-defaulted on
 * one side only.
 */
const MINIMAL = {
  authUrl: "https://auth.example.test/api",
  baseUrl: "https://pos.example.test",
  apiToken: "api-token",
  merchantId: 1001,
  shopId: "shop-1",
  storefrontUrl: "https://shop.example.test",
  backendUrl: "https://api.shop.example.test",
}

interface Row {
  option: string
  env: string
  default: string
}

function readmeRows(): Row[] {
  const readme = readFileSync(join(__dirname, "../../../../README.md"), "utf8")
  const start = readme.indexOf("| option | env var | default | meaning |")
  if (start < 0) throw new Error("README.md lost its option table (| option | env var | default | meaning |)")
  const lines = readme.slice(start).split("\n")
  const table = lines.slice(
    2,
    lines.findIndex((line, i) => i > 0 && !line.startsWith("|")),
  )
  return table
    .map((line) => line.split("|").map((cell) => cell.trim()))
    .filter(([, option]) => option !== "—")
    .map(([, option, env, defaultCell]) => ({ option: unquote(option), env: unquote(env), default: defaultCell }))
}

const unquote = (cell: string): string => cell.match(/^`([^`]*)`$/)?.[1] ?? cell

type Key = keyof typeof OPTION_ENV
const isKey = (key: string): key is Key => key in OPTION_ENV

/** What the default cell says, in the form the parsed options have it. */
function documented(cell: string): string | undefined | "required" {
  if (cell === "required") return cell
  if (cell.startsWith("—") || cell.startsWith("empty")) return undefined
  const code = cell.match(/`([^`]*)`/)?.[1]
  if (code === undefined) throw new Error(`default cell "${cell}" is neither required, —, empty nor a \`value\``)
  return code.replace("{storefrontUrl}", MINIMAL.storefrontUrl)
}

function actual(value: unknown): string | undefined {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return undefined
  return Array.isArray(value) ? value.join(",") : String(value)
}

describe("README option table", () => {
  const rows = readmeRows()
  const parsed = parseOptions(MINIMAL, {})

  it("lists every option of the schema once, and nothing else", () => {
    expect(rows.map((row) => row.option).sort()).toEqual(Object.keys(OPTION_ENV).sort())
  })

  it.each(rows.map((row) => [row.option, row]))("%s: its environment variable and default match the schema", (_, row) => {
    if (!isKey(row.option)) throw new Error(`README documents ${row.option}, which options.ts does not have`)
    expect(row.env).toBe(OPTION_ENV[row.option])
    const expected = documented(row.default)
    const { [row.option]: _omitted, ...without } = MINIMAL as Record<string, unknown>
    if (expected === "required") {
      expect(() => parseOptions(without, {})).toThrow(new RegExp(`${row.option} \\(${OPTION_ENV[row.option]}\\)`))
    } else if (row.option in MINIMAL) {
      // An optional option the minimal input sets (storefrontUrl): left out, with what it stood for given.
      const returnUrls = { successUrl: "https://s.test/ok", errorUrl: "https://s.test/error", cartUrl: "https://s.test/cart" }
      expect(actual(parseOptions({ ...without, ...returnUrls }, {})[row.option])).toBe(expected)
    } else {
      expect(actual(parsed[row.option])).toBe(expected)
    }
  })
})
