import { spawn, type ChildProcess } from "child_process"
import { chmodSync, closeSync, createWriteStream, fstatSync, mkdtempSync, openSync, readFileSync, readSync, rmSync } from "fs"
import { tmpdir } from "os"
import { join, resolve } from "path"
import { StringDecoder } from "string_decoder"
import { distinctFreePorts } from "../../../scripts/harness/free-port"
import { isAlive, processLabel, descendants, sleep } from "./processes"

const ROOT = resolve(__dirname, "../../..")
const TS_NODE = resolve(ROOT, "node_modules/.bin/ts-node")
const READY_LINE = "demo store is running"
const RESTART_LINE = /\[Watcher\].*restarting dev server/

export interface StopReport {
  processes: number
  leftovers: string[]
}

/** Where a running demo is: all a test file needs to reach one that another process started. */
export interface DemoAddress {
  backendUrl: string
  sandboxUrl: string
  admin: { email: string; password: string }
  /** Where the demo's output goes (copied to artifacts/ at the end). */
  logFile: string
  /** scripts/start.ts's process: every process of the demo is below it. */
  pid: number
}

/** A running demo as its tests use it. */
export interface RunningDemo extends DemoAddress {
  /**
   * How many times `medusa develop` restarted its server so far: it does so whenever a file
   * in the project changes, which cuts every request in flight.
   */
  restarts(): number
  /** Rejects as soon as the server restarted after `since` restarts; `cancel()` stops watching. */
  whenRestarted(since: number): { promise: Promise<never>; cancel(): void }
  /** Resolves once /health answers and no restart happened for `quietMs` (edits come in bursts). */
  settled(quietMs?: number, timeoutMs?: number): Promise<void>
}

/** A demo this process started. */
export interface Demo extends RunningDemo {
  /** Stops the demo; answers how many processes it had, and those that outlived it (killed, but a defect). */
  stop(): Promise<StopReport>
  /**
   * What a merchant does to change a setting: stops the demo, then runs `npm start` again with `env`
   * added, on the same ports and data (its database, seed and sandbox loans kept). Answers the new
   * run; rejects when a process of the old one outlived it.
   */
  restart(env: Record<string, string>): Promise<Demo>
}

/** Ports and files of one demo run: everything that differs from a person's `npm start`. */
interface DemoPlace {
  port: number
  pgPort: number
  sandboxPort: number
  dataDir: string
  logFile: string
}

/** The demo's output as it arrives: copied to its log file, watched for readiness and restarts. */
interface DemoOutput {
  ready: Promise<void>
  restarts(): number
}

const ADMIN = { email: "admin@browser.test", password: "browser-test-password" }

/**
 * The demo store exactly as `npm start` runs it (embedded PostgreSQL, the sandbox,
 * migrations, seed, `medusa develop` with the admin), on free ports and a fresh data
 * directory, so the test sees what a person trying the plugin sees.
 */
export async function startDemo({ timeoutMs = 240_000, env = {} as Record<string, string> } = {}): Promise<Demo> {
  return startAt(await newPlace(), env, timeoutMs)
}

async function startAt(place: DemoPlace, env: Record<string, string>, timeoutMs: number): Promise<Demo> {
  const child = spawnStart(place, env)
  // Should the test runner exit without afterAll (a crash, --forceExit), the demo goes too.
  const onExit = () => child.exitCode === null && child.kill("SIGINT")
  process.on("exit", onExit)
  const log = createWriteStream(place.logFile, { flags: "a" }) // a restart adds to the first run's log
  const output = watchOutput(child, log, place.logFile, timeoutMs)
  let stopped: Promise<StopReport> | undefined
  const stop = () => (stopped ??= stopDemo(child, log).finally(() => process.off("exit", onExit)))
  try {
    await output.ready
  } catch (error) {
    await stop()
    throw error
  }
  const address = {
    backendUrl: `http://localhost:${place.port}`,
    sandboxUrl: `http://localhost:${place.sandboxPort}`,
    admin: ADMIN,
    logFile: place.logFile,
    pid: child.pid!,
  }
  const restart = async (added: Record<string, string>) => {
    const stopped = await stop()
    if (stopped.leftovers.length) throw new Error(`processes outlived the demo before its restart (now killed):\n${stopped.leftovers.join("\n")}`)
    return startAt(place, { ...env, ...added }, timeoutMs)
  }
  return { ...demoHandle(address, output.restarts), stop, restart }
}

/**
 * A demo started by another process (the browser suite's global setup), as its tests use it.
 * Its restarts are counted in its log file: the output goes to the process that started it.
 */
export function attachDemo(address: DemoAddress): RunningDemo {
  return demoHandle(address, restartsInLog(address.logFile))
}

async function newPlace(): Promise<DemoPlace> {
  const [port, pgPort, sandboxPort] = await distinctFreePorts(3)
  const workDir = mkdtempSync(join(tmpdir(), "bnpl-browser-"))
  chmodSync(workDir, 0o755) // PostgreSQL runs as its own user and must reach its data directory
  return { port, pgPort, sandboxPort, dataDir: join(workDir, "data"), logFile: join(workDir, "demo.log") }
}

/**
 * `npm start`'s own command (see package.json), without npm in between: SIGINT reaches start.ts itself.
 * `env` is what a person would add to its environment (another storefront's URL, say).
 */
function spawnStart(place: DemoPlace, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [TS_NODE, "--transpile-only", "scripts/start.ts"], {
    cwd: ROOT,
    env: demoEnv({
      PORT: String(place.port),
      PG_PORT: String(place.pgPort),
      SANDBOX_PORT: String(place.sandboxPort),
      BNPL_DATA_DIR: place.dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      BNPL_VERBOSE: "1",
      LOG_LEVEL: "info",
      MEDUSA_DISABLE_TELEMETRY: "true",
      ...env,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  })
}

/** `ready` resolves on start.ts's banner and rejects when it exits first or `timeoutMs` passes. */
function watchOutput(child: ChildProcess, log: NodeJS.WritableStream, logFile: string, timeoutMs: number): DemoOutput {
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
      reject(new Error(`scripts/start.ts exited (${code ?? signal}) before the demo was ready\n${output}`))
    })
  })
  return { ready, restarts: () => restarts }
}

function demoHandle(address: DemoAddress, restarts: () => number): RunningDemo {
  return {
    ...address,
    restarts,
    whenRestarted(since) {
      let timer: NodeJS.Timeout | undefined
      const promise = new Promise<never>((_, reject) => {
        timer = setInterval(() => {
          if (restarts() > since) reject(new Error("Medusa restarted its server (a file in the project changed)"))
        }, 200)
      })
      return { promise, cancel: () => clearInterval(timer) }
    },
    settled: (quietMs, timeoutMs) => settled(address.backendUrl, restarts, quietMs, timeoutMs),
  }
}

/** The restart lines in `logFile` so far; each call reads only what was written since the last. */
function restartsInLog(logFile: string): () => number {
  const decoder = new StringDecoder("utf8")
  let offset = 0
  let partial = ""
  let restarts = 0
  return () => {
    const fd = openSync(logFile, "r")
    try {
      const added = Buffer.alloc(Math.max(fstatSync(fd).size - offset, 0))
      const read = readSync(fd, added, 0, added.length, offset)
      offset += read
      const lines = (partial + decoder.write(added.subarray(0, read))).split("\n")
      partial = lines.pop() ?? ""
      restarts += lines.filter((line) => RESTART_LINE.test(line)).length
    } finally {
      closeSync(fd)
    }
    return restarts
  }
}

/** /health answers and no restart happened for `quietMs`: Medusa stopped reloading edited files. */
async function settled(backendUrl: string, restarts: () => number, quietMs = 5_000, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const before = restarts()
    await waitForHealth(backendUrl, Math.max(deadline - Date.now(), 1_000))
    await sleep(quietMs)
    if (restarts() === before) return waitForHealth(backendUrl, 30_000)
    if (Date.now() > deadline) throw new Error(`Medusa kept restarting for ${timeoutMs / 1000} s (files in the project keep changing)`)
  }
}

/**
 * SIGINT to scripts/start.ts, which stops what it started. Then every process it had must be gone;
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
export function removeDemoFiles(demo: Pick<DemoAddress, "logFile">): void {
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
    const status = await fetch(`${backendUrl}/health`).then(
      (r) => r.status,
      () => 0,
    )
    if (status === 200) return
    await sleep(250)
  }
  throw new Error(`${backendUrl}/health did not answer 200 within ${timeoutMs / 1000} s`)
}

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, "utf8").split("\n").slice(-lines).join("\n")
  } catch {
    return ""
  }
}
