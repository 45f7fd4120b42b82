import { readFileSync } from "node:fs"
import { createServer } from "node:net"

/** Below the kernel's range for outgoing connections, where no client socket can take the port first. */
const LOWEST = 20_000

/**
 * A TCP port nobody listens on right now, chosen below the kernel's ephemeral range: a port from
 * that range (what `listen(0)` hands out) can be taken by any outgoing connection of another
 * process (the suites run side by side and open thousands) between this check and the caller's
 * bind, and an embedded PostgreSQL then exits without a word. There is still a small race with
 * another process that picks the same port at random, which is why every process the harness
 * starts gets its port from here only when it starts.
 */
export async function freePort(): Promise<number> {
  const highest = ephemeralLow() - 1
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * (highest - LOWEST + 1))
    if (await listensFree(port)) return port
  }
  throw new Error(`no free TCP port between ${LOWEST} and ${highest} after 100 tries`)
}

/** `count` free ports, no two alike. */
export async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>()
  while (ports.size < count) ports.add(await freePort())
  return [...ports]
}

/** Whether a server could listen on the port now, on every address (IPv6's wildcard covers IPv4 here). */
function listensFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.unref()
    server.once("error", () => resolve(false))
    server.listen(port, () => server.close(() => resolve(true)))
  })
}

/** The first port of the kernel's range for outgoing connections (Linux's default when it cannot be read). */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0])
    return Number.isInteger(low) && low > LOWEST + 1000 ? low : 32_768
  } catch {
    return 32_768
  }
}
