import { spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createServer, type Server } from "node:net"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { distinctFreePorts } from "../harness/free-port"

jest.setTimeout(60_000)

const ROOT = resolve(__dirname, "../..")

/** `npm start`'s own command, with the given variables; what it printed and how it ended. */
function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [resolve(ROOT, "node_modules/.bin/ts-node"), "--transpile-only", "scripts/start.ts"], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, MEDUSA_DISABLE_TELEMETRY: "true", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let output = ""
    child.stdout.on("data", (chunk) => (output += chunk))
    child.stderr.on("data", (chunk) => (output += chunk))
    child.on("exit", (code) => done({ code, output }))
  })
}

function listen(port: number, host: string): Promise<Server> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once("error", fail)
    server.listen(port, host, () => done(server))
  })
}

/**
 * The start script's checks before it starts anything: a port another process holds stops it
 * at once, with the port, what wanted it, and the variable that moves it.
 */
describe("npm start with a port in use", () => {
  let dataDir: string
  let taken: Server | undefined
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), "bnpl-start-"))
  })
  afterEach(async () => {
    await new Promise((done) => (taken ? taken.close(done) : done(undefined)))
    taken = undefined
    rmSync(dataDir, { recursive: true, force: true })
  })

  it.each([
    ["PG_PORT", "the embedded PostgreSQL"],
    ["SANDBOX_PORT", "the sandbox of the financing service"],
    ["PORT", "Medusa"],
  ])("names %s when %s's port is taken", async (variable, what) => {
    const [pgPort, sandboxPort, port] = await distinctFreePorts(3)
    const ports: Record<string, number> = { PG_PORT: pgPort, SANDBOX_PORT: sandboxPort, PORT: port }
    taken = await listen(ports[variable], "127.0.0.1")

    const { code, output } = await start({ PG_PORT: String(pgPort), SANDBOX_PORT: String(sandboxPort), PORT: String(port), BNPL_DATA_DIR: dataDir })

    expect(code).toBe(1)
    expect(output).toContain(`[bnpl] could not start: port ${ports[variable]}, wanted for ${what}, is in use by another process.`)
    expect(output).toContain(`[bnpl] what to change: stop that process, or set ${variable} to a free port`)
    expect(output).not.toContain("undefined")
  })
})

describe("npm start with an older data folder", () => {
  it("names the folder, the versions and BNPL_DATA_DIR", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "bnpl-start-"))
    try {
      mkdirSync(join(dataDir, "postgres"))
      writeFileSync(join(dataDir, "postgres", "PG_VERSION"), "15\n")
      const [pgPort, sandboxPort, port] = await distinctFreePorts(3)

      const { code, output } = await start({ PG_PORT: String(pgPort), SANDBOX_PORT: String(sandboxPort), PORT: String(port), BNPL_DATA_DIR: dataDir })

      expect(code).toBe(1)
      expect(output).toMatch(new RegExp(`could not start: the data folder .*postgres holds PostgreSQL 15 data; this demo runs PostgreSQL 17\\.`))
      expect(output).toContain("[bnpl] what to change: set BNPL_DATA_DIR to a new folder")
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
