// Child processes that die with us: each runs in its own process group, and stopAll() kills the groups.
import { spawn } from "node:child_process"
import { createServer } from "node:net"

// Process-group ids outlive their leaders: `medusa develop` can exit while the server it
// forked lives on in the same group, so the groups, not the children, are what we stop.
const groups = new Set()

export function run(command, args, { env, quiet = false, onLine } = {}) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
  groups.add(child.pid)
  for (const stream of [child.stdout, child.stderr]) {
    let buffer = ""
    stream.on("data", (chunk) => {
      buffer += chunk
      const lines = buffer.split("\n")
      buffer = lines.pop()
      for (const line of lines) {
        onLine?.(line)
        if (!quiet) process.stdout.write(line + "\n")
      }
    })
  }
  return child
}

/** Runs to completion; rejects with the tail of the output on a non-zero exit. */
export function runToEnd(command, args, options = {}) {
  const tail = []
  return new Promise((resolvePromise, reject) => {
    const child = run(command, args, {
      ...options,
      onLine: (line) => {
        tail.push(line)
        if (tail.length > 40) tail.shift()
        options.onLine?.(line)
      },
    })
    child.on("exit", (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}\n${tail.join("\n")}`))
    )
  })
}

export function stopAll(signal = "SIGTERM") {
  for (const pgid of groups) {
    try {
      process.kill(-pgid, signal)
    } catch {
      groups.delete(pgid) // already gone
    }
  }
}

const alive = (pgid) => {
  try {
    process.kill(-pgid, 0)
    return true
  } catch {
    return false
  }
}

/** SIGTERM every group, wait for them to go, SIGKILL whatever is left after `graceMs`. */
export async function stopAllAndWait(graceMs = 5000) {
  stopAll("SIGTERM")
  const deadline = Date.now() + graceMs
  while ([...groups].some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
  stopAll("SIGKILL")
  while ([...groups].some(alive)) await new Promise((r) => setTimeout(r, 50))
}

export async function waitForUrl(url, { timeoutMs = 120_000, child } = {}) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`)
    try {
      const response = await fetch(url)
      if (response.status < 500) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`${url} did not come up within ${timeoutMs / 1000} s`)
}

export function freePort() {
  return new Promise((resolvePromise, reject) => {
    const server = createServer()
    server.unref()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => resolvePromise(port))
    })
  })
}
