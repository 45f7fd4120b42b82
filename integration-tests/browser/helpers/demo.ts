import { spawn, type ChildProcess } from "child_process"
import { chmodSync, createWriteStream, mkdtempSync, readFileSync, rmSync } from "fs"
import { tmpdir } from "os"
import { join, resolve } from "path"
import { freePort, isAlive, processLabel, descendants, sleep } from "./processes"

const ROOT = resolve(__dirname, "../../..")
const READY_LINE = "demo store is running"
const RESTART_LINE = /\[Watcher\].*restarting dev server/

export interface StopReport {
  processes: number
  leftovers: string[]
}

export interface Demo {
  backendUrl: string
  sandboxUrl: string
  admin: { email: string; password: string }
  /** Where the demo's output goes (copied to artifacts/ at the end). */
  logFile: string
  /**
   * How many times `medusa develop` restarted its server so far: it does so whenever a file
   * in the project changes, which cuts every request in flight.
   */
  restarts(): number
  /** Rejects as soon as the server restarted after `since` restarts; `cancel()` stops watching. */
  whenRestarted(since: number): { promise: Promise<never>; cancel(): void }
  /** Resolves once /health answers and no restart happened for `quietMs` (edits come in bursts). */
  settled(quietMs?: number, timeoutMs?: number): Promise<void>
  /** Stops the demo; answers how many processes it had, and those that outlived it (killed, but a defect). */
  stop(): Promise<StopReport>
}

/**
 * The demo store exactly as `npm start` runs it (embedded PostgreSQL, the sandbox,
 * migrations, seed, `medusa develop` with the admin), on free ports and a fresh data
 * directory, so the test sees what a person trying the plugin sees.
 */
export async function startDemo({ timeoutMs = 240_000 } = {}): Promise<Demo> {
  const [port, pgPort, sandboxPort] = await distinctFreePorts(3)
  const workDir = mkdtempSync(join(tmpdir(), "bnpl-browser-"))
  chmodSync(workDir, 0o755) // PostgreSQL runs as its own user and must reach its data directory
  const dataDir = join(workDir, "data")
  const logFile = join(workDir, "demo.log")
  const admin = { email: "admin@browser.test", password: "browser-test-password" }

  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: ROOT,
    env: demoEnv({
      PORT: String(port),
      PG_PORT: String(pgPort),
      SANDBOX_PORT: String(sandboxPort),
      BNPL_DATA_DIR: dataDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      BNPL_VERBOSE: "1",
      LOG_LEVEL: "info",
      MEDUSA_DISABLE_TELEMETRY: "true",
    }),
    stdio: ["ignore", "pipe", "pipe"],
  })
  // Should the test runner exit without afterAll (a crash, --forceExit), the demo goes too.
  const onExit = () => child.exitCode === null && child.kill("SIGINT")
  process.on("exit", onExit)

  const log = createWriteStream(logFile)
  let output = ""
  let restarts = 0
  let partial = ""
  const ready = new Promise<void>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`the demo did not start within ${timeoutMs / 1000} s\n${tail(logFile)}`)), timeoutMs)
    const onData = (chunk: Buffer) => {
      log.write(chunk)
      output = (output + chunk.toString()).slice(-4000)
      const lines = (partial + chunk.toString()).split("\n")
      partial = lines.pop() ?? ""
      restarts += lines.filter((line) => RESTART_LINE.test(line)).length
      if (output.includes(READY_LINE)) {
        clearTimeout(timer)
        resolvePromise()
      }
    }
    child.stdout!.on("data", onData)
    child.stderr!.on("data", onData)
    child.on("exit", (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`scripts/start.mjs exited (${code ?? signal}) before the demo was ready\n${output}`))
    })
  })

  let stopped: Promise<StopReport> | undefined
  const stop = () => (stopped ??= stopDemo(child, log).finally(() => process.off("exit", onExit)))
  try {
    await ready
  } catch (error) {
    await stop()
    throw error
  }
  const backendUrl = `http://localhost:${port}`
  return {
    backendUrl,
    sandboxUrl: `http://localhost:${sandboxPort}`,
    admin,
    logFile,
    restarts: () => restarts,
    whenRestarted(since) {
      let timer: NodeJS.Timeout | undefined
      const promise = new Promise<never>((_, reject) => {
        timer = setInterval(() => {
          if (restarts > since) reject(new Error("Medusa restarted its server (a file in the project changed)"))
        }, 200)
      })
      return { promise, cancel: () => clearInterval(timer) }
    },
    async settled(quietMs = 5_000, timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const before = restarts
        await waitForHealth(backendUrl, Math.max(deadline - Date.now(), 1_000))
        await sleep(quietMs)
        if (restarts === before) return waitForHealth(backendUrl, 30_000)
        if (Date.now() > deadline) throw new Error(`Medusa kept restarting for ${timeoutMs / 1000} s (files in the project keep changing)`)
      }
    },
    stop,
  }
}

/**
 * SIGINT to start.mjs, which stops what it started. Then every process it had must be gone;
 * any that is not is killed and reported.
 */
async function stopDemo(child: ChildProcess, log: NodeJS.WritableStream): Promise<StopReport> {
  const tree = child.pid ? descendants(child.pid) : []
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once("exit", r))
    child.kill("SIGINT")
    await Promise.race([exited, sleep(20_000)])
  }
  const deadline = Date.now() + 10_000
  while (tree.some(isAlive) && Date.now() < deadline) await sleep(200)
  const leftovers = [child.pid ?? 0, ...tree].filter((pid) => pid && isAlive(pid))
  const described = leftovers.map(processLabel)
  for (const pid of leftovers) {
    try {
      process.kill(pid, "SIGKILL")
    } catch {
      // gone meanwhile
    }
  }
  await new Promise<void>((r) => log.end(() => r()))
  return { processes: tree.length + 1, leftovers: described }
}

/** Removes the demo's data directory (after its log was copied). */
export function removeDemoFiles(demo: Pick<Demo, "logFile">): void {
  rmSync(resolve(demo.logFile, ".."), { recursive: true, force: true })
}

/**
 * The demo must use its own database and sandbox, whatever the test runner's environment
 * holds (the suite's DB_* for the http tests, a DATABASE_URL, BNPL_* of a real service).
 */
function demoEnv(own: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(BNPL_|DB_|DATABASE_URL$|REDIS_URL$|NODE_OPTIONS$|NODE_ENV$|TEST_TYPE$|JEST_WORKER_ID$)/.test(key)) continue
    env[key] = value
  }
  return { ...env, ...own }
}

async function waitForHealth(backendUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const status = await fetch(`${backendUrl}/health`).then((r) => r.status, () => 0)
    if (status === 200) return
    await sleep(250)
  }
  throw new Error(`${backendUrl}/health did not answer 200 within ${timeoutMs / 1000} s`)
}

async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>()
  while (ports.size < count) ports.add(await freePort())
  return [...ports]
}

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, "utf8").split("\n").slice(-lines).join("\n")
  } catch {
    return ""
  }
}
