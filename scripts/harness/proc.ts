// Child processes that die with us: each runs in its own process group, and stopAll() kills the groups.
import { spawn, type ChildProcess } from "node:child_process"

// Process-group ids outlive their leaders: `medusa develop` can exit while the server it
// forked lives on in the same group, so the groups, not the children, are what we stop.
const groups = new Set<number>()
/** Set once the run is being torn down: what starts after the sweep would outlive the script. */
let closed = false

/** From now on `run` refuses to start anything (teardown.ts, before it stops what runs). */
export function closeSpawning(): void {
  closed = true
}

export interface RunOptions {
  env?: Record<string, string | undefined>
  /** Keep the child's lines off this terminal (they still reach `onLine`). */
  quiet?: boolean
  onLine?: (line: string) => void
}

export function run(command: string, args: string[], { env, quiet = false, onLine }: RunOptions = {}): ChildProcess {
  if (closed) throw new Error(`not starting ${command}: the run is stopping`)
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
  if (child.pid !== undefined) groups.add(child.pid)
  for (const stream of [child.stdout, child.stderr]) {
    let buffer = ""
    stream.on("data", (chunk: Buffer) => {
      buffer += chunk
      const lines = buffer.split("\n")
      buffer = lines.pop() ?? ""
      for (const line of lines) {
        onLine?.(line)
        if (!quiet) process.stdout.write(`${line}\n`)
      }
    })
  }
  return child
}

/** Runs to completion; rejects with the tail of the output on a non-zero exit. */
export function runToEnd(command: string, args: string[], options: RunOptions = {}): Promise<void> {
  const tail: string[] = []
  return new Promise((resolve, reject) => {
    const child = run(command, args, {
      ...options,
      onLine: (line) => {
        tail.push(line)
        if (tail.length > 40) tail.shift()
        options.onLine?.(line)
      },
    })
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}\n${tail.join("\n")}`))))
  })
}

export function stopAll(signal: NodeJS.Signals = "SIGTERM"): void {
  for (const pgid of groups) {
    try {
      process.kill(-pgid, signal)
    } catch {
      groups.delete(pgid) // already gone
    }
  }
}

const alive = (pgid: number): boolean => {
  try {
    process.kill(-pgid, 0)
    return true
  } catch {
    return false
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** SIGTERM every group, wait for them to go, SIGKILL whatever is left after `graceMs`. */
export async function stopAllAndWait(graceMs = 5000): Promise<void> {
  stopAll("SIGTERM")
  const deadline = Date.now() + graceMs
  while ([...groups].some(alive) && Date.now() < deadline) await sleep(100)
  stopAll("SIGKILL")
  while ([...groups].some(alive)) await sleep(50)
}

/** Resolves once `url` answers below 500; fails early when `child` exits first. */
export async function waitForUrl(url: string, { timeoutMs = 120_000, child }: { timeoutMs?: number; child?: ChildProcess } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`)
    try {
      const response = await fetch(url)
      if (response.status < 500) return
    } catch {
      // not up yet
    }
    await sleep(250)
  }
  throw new Error(`${url} did not come up within ${timeoutMs / 1000} s`)
}
