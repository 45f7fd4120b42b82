import type { ChildProcess } from "node:child_process"
import { resolve } from "node:path"
import { type CpuProfile, cpuProfile, memoryAfterGc, type MemoryUsage } from "./inspector"
import { LogFile } from "./log-file"
import { run } from "./proc"
import { onTeardown } from "./teardown"

const MEDUSA_BIN = resolve(__dirname, "../../node_modules/.bin/medusa")
export const PROJECT_ROOT = resolve(__dirname, "../..")

/**
 * One Medusa server as a real separate process: `medusa start` from the project root, which
 * is what `medusa develop` forks, without its file watcher and linter competing for the two
 * cores. Its output goes line by line to a log file.
 */
export class MedusaProcess {
  private child: ChildProcess | undefined
  readonly url: string

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    readonly log: LogFile,
    /** Opens the inspector on this loopback port, so that memory can be read after a forced GC. */
    private readonly inspectPort?: number,
  ) {
    this.url = `http://localhost:${port}`
    onTeardown(`Medusa ${name}`, () => this.stop())
  }

  /** The server's own pid (the CLI runs `start` in-process), for RSS readings. */
  get pid(): number | undefined {
    return this.child?.exitCode === null ? this.child.pid : undefined
  }

  get running(): boolean {
    return this.pid !== undefined
  }

  async start(timeoutMs = 180_000): Promise<number> {
    const started = Date.now()
    this.log.write(`---- ${new Date().toISOString()} starting ${this.name} on port ${this.port}`)
    // With the inspector, node is started by hand with the CLI as its script: still one process.
    const [command, args] = this.inspectPort
      ? [process.execPath, [`--inspect=127.0.0.1:${this.inspectPort}`, MEDUSA_BIN, "start"]]
      : [MEDUSA_BIN, ["start"]]
    const env = { ...this.env, PORT: String(this.port) }
    const child = run(command, args, { env, quiet: true, onLine: (line) => this.log.write(line) })
    this.child = child
    await waitForHealth(`${this.url}/health`, child, timeoutMs)
    return Date.now() - started
  }

  /** Samples this process's CPU while `work` runs (needs `inspectPort`). */
  cpuProfile<T>(work: () => Promise<T>): Promise<{ result: T; profile: CpuProfile }> {
    if (!this.inspectPort) throw new Error(`Medusa ${this.name} was started without the inspector`)
    return cpuProfile(this.inspectPort, work)
  }

  /** Memory after two forced full GCs: what the process really retains (needs `inspectPort`). */
  memoryAfterGc(): Promise<MemoryUsage> {
    if (!this.inspectPort) throw new Error(`Medusa ${this.name} was started without the inspector`)
    return memoryAfterGc(this.inspectPort)
  }

  /** SIGKILL to the whole process group: a crash, not a shutdown. */
  async kill(): Promise<void> {
    await this.signal("SIGKILL", 5_000)
  }

  async stop(): Promise<void> {
    await this.signal("SIGTERM", 10_000)
    if (this.running) await this.signal("SIGKILL", 5_000)
  }

  private async signal(signal: NodeJS.Signals, waitMs: number): Promise<void> {
    const child = this.child
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise<void>((done) => child.once("exit", () => done()))
    try {
      process.kill(-child.pid, signal)
    } catch {
      return // the group is already gone
    }
    await Promise.race([exited, new Promise((done) => setTimeout(done, waitMs))])
  }
}

/** Runs a one-shot Medusa command (db:migrate, exec) to its end; rejects with its last lines. */
export async function runMedusaCommand(args: string[], env: Record<string, string>, log: LogFile, timeoutMs = 300_000): Promise<void> {
  const tail: string[] = []
  log.write(`---- ${new Date().toISOString()} medusa ${args.join(" ")}`)
  const child = run(MEDUSA_BIN, args, {
    env,
    quiet: true,
    onLine: (line) => {
      log.write(line)
      tail.push(line)
      if (tail.length > 30) tail.shift()
    },
  })
  const code = await new Promise<number | null>((done) => {
    const timer = setTimeout(() => child.pid && process.kill(-child.pid, "SIGKILL"), timeoutMs)
    child.once("exit", (exitCode) => {
      clearTimeout(timer)
      done(exitCode)
    })
  })
  if (code !== 0) throw new Error(`medusa ${args.join(" ")} exited with ${code}:\n${tail.join("\n")}`)
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Medusa exited with ${child.exitCode} before ${url} answered`)
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.status === 200,
      () => false,
    )
    if (ok) return
    await new Promise((done) => setTimeout(done, 200))
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`)
}
