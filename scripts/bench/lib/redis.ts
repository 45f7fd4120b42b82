import { spawnSync } from "node:child_process"
import { createConnection } from "node:net"
import { freePort, procHelpers } from "./project-helpers"
import { onTeardown } from "./teardown"
import { LogFile } from "./log-file"

const BINARY = "/usr/bin/redis-server"

/**
 * A private Redis for the two-instance runs: Debian's redis-server on a free loopback port,
 * nothing persisted, stopped at teardown. Installed with apt-get when missing (needs root).
 */
export async function startRedis(log: LogFile): Promise<{ url: string }> {
  ensureInstalled()
  const port = await freePort()
  const { run } = await procHelpers()
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--protected-mode", "yes"]
  const child = run(BINARY, args, { quiet: true, onLine: (line) => log.write(line) })
  onTeardown("Redis", async () => {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGTERM")
  })
  await waitForPort(port, 10_000)
  return { url: `redis://127.0.0.1:${port}` }
}

function ensureInstalled(): void {
  if (spawnSync(BINARY, ["--version"]).status === 0) return
  console.log("[redis] redis-server is missing: apt-get install redis-server…")
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" }
  for (const args of [["update", "-qq"], ["install", "-y", "-qq", "--no-install-recommends", "redis-server"]]) {
    const { status } = spawnSync("apt-get", args, { stdio: "inherit", env, timeout: 300_000 })
    if (status !== 0) throw new Error(`apt-get ${args.join(" ")} failed (${status}); install redis-server by hand`)
  }
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
