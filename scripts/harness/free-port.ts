import { createServer, type AddressInfo } from "node:net"

/**
 * A TCP port nobody listens on right now. There is a small race until the caller binds it,
 * which is why every process the harness starts gets its port from here only when it starts.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** `count` free ports, no two alike (the kernel may hand the same one out twice once it was closed). */
export async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>()
  while (ports.size < count) ports.add(await freePort())
  return [...ports]
}
