import { randomBytes } from "node:crypto"
import http from "node:http"
import type { Socket } from "node:net"
import { z } from "zod"

/**
 * Just enough of the DevTools protocol to ask another Node process (started with
 * `--inspect=127.0.0.1:port`) for a CPU profile, or for a full garbage collection and its memory usage afterwards:
 * without a forced GC, V8 keeps garbage around for as long as it has room, and RSS says
 * little about what a process actually retains. A minimal WebSocket client (text frames
 * only) keeps this free of dependencies; Node 20 has none built in.
 */
export const MemoryUsage = z.object({ rss: z.number(), heapTotal: z.number(), heapUsed: z.number(), external: z.number() })
export type MemoryUsage = z.infer<typeof MemoryUsage>

const Targets = z.array(z.object({ webSocketDebuggerUrl: z.string() }))
const Reply = z.object({ id: z.number(), result: z.unknown().optional(), error: z.unknown().optional() })
const Evaluated = z.object({ result: z.object({ value: z.string() }) })

/** Forces two full GCs in the inspected process, then answers its process.memoryUsage(). */
export async function memoryAfterGc(inspectPort: number): Promise<MemoryUsage> {
  const targets = Targets.parse(await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json())
  if (!targets.length) throw new Error(`no inspector target on port ${inspectPort}`)
  const session = await DevToolsSession.open(targets[0].webSocketDebuggerUrl)
  try {
    await session.call("HeapProfiler.collectGarbage")
    await session.call("HeapProfiler.collectGarbage")
    const expression = "JSON.stringify(process.memoryUsage())"
    const evaluated = await session.call("Runtime.evaluate", { expression, returnByValue: true })
    return MemoryUsage.parse(JSON.parse(Evaluated.parse(evaluated).result.value))
  } finally {
    session.close()
  }
}

/** A V8 CPU profile as the DevTools protocol answers it (Profiler.stop). */
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>
  startTime: number
  endTime: number
  samples?: number[]
  timeDeltas?: number[]
}

/** Samples the inspected process's CPU while `work` runs, every `intervalUs` microseconds. */
export async function cpuProfile<T>(inspectPort: number, work: () => Promise<T>, intervalUs = 1000): Promise<{ result: T; profile: CpuProfile }> {
  const targets = Targets.parse(await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json())
  if (!targets.length) throw new Error(`no inspector target on port ${inspectPort}`)
  const session = await DevToolsSession.open(targets[0].webSocketDebuggerUrl)
  try {
    await session.call("Profiler.enable")
    await session.call("Profiler.setSamplingInterval", { interval: intervalUs })
    await session.call("Profiler.start")
    const result = await work()
    const stopped = (await session.call("Profiler.stop", {}, 300_000)) as { profile: CpuProfile }
    return { result, profile: stopped.profile }
  } finally {
    session.close()
  }
}

class DevToolsSession {
  private nextId = 1
  private buffer = Buffer.alloc(0)
  private readonly waiting = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>()

  private constructor(private readonly socket: Socket) {
    socket.on("data", (chunk: Buffer) => this.received(chunk))
    socket.on("error", (error) => this.failAll(error))
    socket.on("close", () => this.failAll(new Error("inspector connection closed")))
  }

  static open(url: string): Promise<DevToolsSession> {
    return new Promise((resolve, reject) => {
      const request = http.request(url.replace(/^ws:/, "http:"), {
        headers: {
          Connection: "Upgrade",
          Upgrade: "websocket",
          "Sec-WebSocket-Version": "13",
          "Sec-WebSocket-Key": randomBytes(16).toString("base64"),
        },
        timeout: 10_000,
      })
      request.on("upgrade", (_response, socket) => resolve(new DevToolsSession(socket)))
      request.on("response", (response) => reject(new Error(`inspector refused the upgrade: HTTP ${response.statusCode}`)))
      request.on("timeout", () => request.destroy(new Error("inspector did not answer")))
      request.on("error", reject)
      request.end()
    })
  }

  call(method: string, params: Record<string, unknown> = {}, timeoutMs = 60_000): Promise<unknown> {
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${method}: no answer within ${timeoutMs} ms`)), timeoutMs)
      const settle = (done: () => void): void => {
        clearTimeout(timer)
        this.waiting.delete(id)
        done()
      }
      this.waiting.set(id, { resolve: (result) => settle(() => resolve(result)), reject: (error) => settle(() => reject(error)) })
      this.socket.write(maskedTextFrame(JSON.stringify({ id, method, params })))
    })
  }

  close(): void {
    this.socket.destroy()
  }

  private received(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk])
    for (let frame = readFrame(this.buffer); frame; frame = readFrame(this.buffer)) {
      this.buffer = this.buffer.subarray(frame.size)
      if (frame.opcode === 1) this.answered(frame.payload.toString("utf8"))
    }
  }

  private answered(text: string): void {
    const reply = Reply.safeParse(JSON.parse(text))
    if (!reply.success) return // an event, not an answer
    const waiter = this.waiting.get(reply.data.id)
    if (reply.data.error) waiter?.reject(new Error(JSON.stringify(reply.data.error)))
    else waiter?.resolve(reply.data.result)
  }

  private failAll(error: Error): void {
    for (const waiter of this.waiting.values()) waiter.reject(error)
  }
}

/** A client frame must be masked (RFC 6455, 5.3). */
function maskedTextFrame(text: string): Buffer {
  const payload = Buffer.from(text)
  const length = payload.length
  const header = length < 126 ? Buffer.from([0x81, 0x80 | length]) : Buffer.from([0x81, 0x80 | 126, length >> 8, length & 0xff])
  if (length >= 65_536) throw new Error("inspector message too long for this client")
  const mask = randomBytes(4)
  const masked = Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]))
  return Buffer.concat([header, mask, masked])
}

/** One complete unmasked server frame at the start of `buffer`, or undefined if incomplete. */
function readFrame(buffer: Buffer): { opcode: number; payload: Buffer; size: number } | undefined {
  if (buffer.length < 2) return undefined
  const opcode = buffer[0] & 0x0f
  let length = buffer[1] & 0x7f
  let offset = 2
  if (length === 126) {
    if (buffer.length < 4) return undefined
    length = buffer.readUInt16BE(2)
    offset = 4
  } else if (length === 127) {
    if (buffer.length < 10) return undefined
    length = Number(buffer.readBigUInt64BE(2))
    offset = 10
  }
  if (buffer.length < offset + length) return undefined
  return { opcode, payload: buffer.subarray(offset, offset + length), size: offset + length }
}
