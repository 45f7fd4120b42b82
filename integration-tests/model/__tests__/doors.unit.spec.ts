import { readdirSync, readFileSync } from "node:fs"
import { join, relative, sep } from "node:path"
import fc from "fast-check"
import middlewares from "../../../src/api/middlewares"
import { type Command, sequences } from "../commands"
import { MONEY_DOORS, NOT_MONEY } from "../doors"

/**
 * Many doors, one gate: every route that can move money or make a loan has a command in the
 * money model (doors.ts). The routes come from the code, not from a list kept by hand: the route
 * files under src/api and the Medusa routes src/api/middlewares.ts wraps. Only methods that change
 * something count; a GET changes nothing.
 */
const API = join(__dirname, "..", "..", "..", "src", "api")
const CHANGING = ["POST", "PUT", "PATCH", "DELETE"]

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === "__tests__" ? [] : routeFiles(path)
    return /^route\.[jt]s$/.test(entry.name) ? [path] : []
  })
}

/** `src/api/admin/bnpl/loans/[id]/refund/route.ts` -> `/admin/bnpl/loans/:id/refund`, as Medusa matches it. */
function pathOf(file: string): string {
  const folders = relative(API, file).split(sep).slice(0, -1)
  return `/${folders.map((folder) => folder.replace(/^\[(.+)\]$/, ":$1")).join("/")}`
}

/** The HTTP methods a route file exports a handler for (`export async function POST`, `export const POST`). */
function methodsOf(file: string): string[] {
  const text = readFileSync(file, "utf8")
  return [...text.matchAll(/^export\s+(?:async\s+function|function|const|let)\s+(GET|HEAD|OPTIONS|POST|PUT|PATCH|DELETE)\b/gm)].map((m) => m[1])
}

/** Every route of the plugin's own (its route files), `METHOD path`. */
function pluginRoutes(): string[] {
  return routeFiles(API).flatMap((file) => methodsOf(file).map((method) => `${method} ${pathOf(file)}`))
}

/** Medusa's routes the plugin wraps: a middleware's matcher that is no route file of the plugin's. */
function wrappedRoutes(own: string[]): string[] {
  const ownPaths = new Set(own.map((route) => route.split(" ")[1]))
  return (middlewares.routes ?? []).flatMap((route) => {
    const matcher = String(route.matcher)
    if (ownPaths.has(matcher)) return []
    // defineMiddlewares answers each route's methods as `methods`; a matcher without any wraps them all.
    const declared = (route as { methods?: string[] }).methods
    const methods = declared?.length ? declared.map(String) : CHANGING
    return methods.map((method) => `${method} ${matcher}`)
  })
}

/** Every route that can change something: the doors the table must account for. */
function changingRoutes(): string[] {
  const own = pluginRoutes()
  return [...new Set([...own, ...wrappedRoutes(own)])].filter((route) => CHANGING.includes(route.split(" ")[0])).sort()
}

/** The kinds of command the model's generator draws (a thousand sequences draw every weighted kind). */
function drawnKinds(): Set<Command["kind"]> {
  const drawn = new Set<Command["kind"]>()
  for (const sequence of fc.sample(sequences({ minCommands: 3, maxCommands: 6 }), { seed: 42, numRuns: 1_000 }))
    for (const command of sequence.commands) drawn.add(command.kind)
  return drawn
}

describe("the money model drives every door (integration-tests/model/doors.ts)", () => {
  const routes = changingRoutes()

  it("finds the routes in the code: the plugin's route files and the Medusa routes its middlewares wrap", () => {
    // A walk that finds nothing would pass every test below.
    expect(routes).toEqual(
      expect.arrayContaining([
        "POST /hooks/bnpl",
        "POST /admin/bnpl/loans/:id/refund",
        "POST /admin/bnpl/orders/:id/in-store",
        "POST /store/payment-collections/:id/payment-sessions",
        "POST /admin/orders/:id/cancel",
        "POST /admin/order-edits",
      ]),
    )
    expect(routes.some((route) => route.startsWith("GET "))).toBe(false)
  })

  it("gives every route that can move money or make a loan a command of the model, or a reason it cannot", () => {
    const unaccounted = routes.filter((route) => !(route in MONEY_DOORS) && !(route in NOT_MONEY))
    expect(unaccounted).toEqual([])
  })

  it("names only routes that exist, each once", () => {
    const stale = [...Object.keys(MONEY_DOORS), ...Object.keys(NOT_MONEY)].filter((route) => !routes.includes(route))
    expect(stale).toEqual([])
    expect(Object.keys(MONEY_DOORS).filter((route) => route in NOT_MONEY)).toEqual([])
  })

  it("maps each door to commands the model draws", () => {
    const drawn = drawnKinds()
    const undriven = Object.entries(MONEY_DOORS).flatMap(([route, kinds]) =>
      !kinds.length ? [`${route}: no command`] : kinds.filter((kind) => !drawn.has(kind)).map((kind) => `${route}: ${kind} is never drawn`),
    )
    expect(undriven).toEqual([])
  })

  it("gives every exemption a reason", () => {
    expect(Object.entries(NOT_MONEY).filter(([, reason]) => reason.trim().length < 20)).toEqual([])
  })
})
