import { spawnSync, type ChildProcess } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { createConnection } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ensurePackage } from "./apt"
import type { LogFile } from "./log-file"
import { freePort } from "./free-port"
import { run } from "./proc"
import { onTeardown } from "./teardown"

export const BINARY = "/usr/bin/redis-server"

export interface RedisOptions {
  /**
   * Keep the data across a crash (append-only file, fsync every second, in a temporary
   * directory removed at teardown): what a production Redis behind BullMQ runs with. Without
   * it, a restart comes back empty.
   */
  persistent?: boolean
}

/**
 * A private Redis: Debian's redis-server on a free loopback port, its files in a temporary
 * directory, stopped at teardown. Installed with apt-get when missing (needs root), as the
 * browser tests install Chromium.
 */
export class RedisServer {
  private child: ChildProcess | undefined
  readonly url: string

  private constructor(
    readonly port: number,
    private readonly dir: string,
    private readonly options: RedisOptions,
    private readonly log: LogFile,
  ) {
    this.url = `redis://127.0.0.1:${port}`
  }

  static async start(log: LogFile, options: RedisOptions = {}): Promise<RedisServer> {
    await ensureInstalled()
    const dir = mkdtempSync(join(tmpdir(), "bnpl-redis-"))
    const redis = new RedisServer(await freePort(), dir, options, log)
    onTeardown("Redis", async () => {
      await redis.kill("SIGTERM")
      rmSync(dir, { recursive: true, force: true })
    })
    await redis.launch()
    return redis
  }

  /** A crash and a restart on the same port: SIGKILL, then a fresh process on the same files. */
  async restart(): Promise<void> {
    await this.kill("SIGKILL")
    await this.launch()
  }

  private async launch(): Promise<void> {
    const persistence = this.options.persistent ? ["--appendonly", "yes", "--appendfsync", "everysec"] : ["--appendonly", "no"]
    const args = ["--port", String(this.port), "--bind", "127.0.0.1", "--protected-mode", "yes", "--dir", this.dir, "--save", "", ...persistence]
    this.log.write(`---- ${new Date().toISOString()} starting redis-server on ${this.port}`)
    this.child = run(BINARY, args, { quiet: true, onLine: (line) => this.log.write(line) })
    await waitForPort(this.port, 10_000)
  }

  private async kill(signal: NodeJS.Signals): Promise<void> {
    const child = this.child
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise<void>((done) => child.once("exit", () => done()))
    process.kill(-child.pid, signal)
    await exited
  }
}

/** The two-instance runs' Redis: started, stopped at teardown, never restarted. */
export async function startRedis(log: LogFile): Promise<{ url: string }> {
  return RedisServer.start(log)
}

async function ensureInstalled(): Promise<void> {
  const runs = (): boolean => spawnSync(BINARY, ["--version"]).status === 0
  if (runs()) return
  console.log("[redis] redis-server is missing: apt-get install redis-server…")
  await ensurePackage("redis-server", BINARY, runs, "run again")
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await answers(port)) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`redis-server did not listen on ${port} within ${timeoutMs} ms`)
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port }, () => {
      socket.end()
      resolve(true)
    })
    socket.on("error", () => resolve(false))
  })
}
