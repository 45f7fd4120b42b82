import { setMaxListeners } from "node:events"

/**
 * Everything that could keep the process alive after close(): pending timers (refund
 * settlement, webhook retries, injected latency) and in-flight webhook requests, which
 * listen to `signal`. Closing clears the first and aborts the second, so test runners
 * exit without open handles.
 */
export interface Lifecycle {
  readonly signal: AbortSignal
  after(ms: number, task: () => void): void
  sleep(ms: number): Promise<void>
  close(): void
}

export class SandboxClosedError extends Error {
  constructor() {
    super("the sandbox was closed")
  }
}

export function createLifecycle(): Lifecycle {
  const controller = new AbortController()
  // Every in-flight webhook and sleeping request listens; under load that is far more than 10.
  setMaxListeners(0, controller.signal)
  const timers = new Set<NodeJS.Timeout>()

  function after(ms: number, task: () => void): void {
    if (controller.signal.aborted) return
    const timer = setTimeout(() => {
      timers.delete(timer)
      task()
    }, ms)
    timers.add(timer)
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      if (controller.signal.aborted) return reject(new SandboxClosedError())
      const onAbort = (): void => reject(new SandboxClosedError())
      controller.signal.addEventListener("abort", onAbort, { once: true })
      after(ms, () => {
        controller.signal.removeEventListener("abort", onAbort)
        resolve()
      })
    })
  }

  function close(): void {
    controller.abort()
    timers.forEach(clearTimeout)
    timers.clear()
  }

  return { signal: controller.signal, after, sleep, close }
}
