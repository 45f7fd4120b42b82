import { setMaxListeners } from "node:events"

/**
 * Everything that could keep the process alive after close(): pending timers (refund
 * settlement, webhook retries, injected latency) and in-flight webhook requests, which
 * listen to `signal`. Closing clears the first and aborts the second, so test runners
 * exit without open handles.
 */
export interface Lifecycle {
  readonly signal: AbortSignal
  /** Runs `task` in `ms`; a task that returns a promise keeps the lifecycle busy until it settles. */
  after(ms: number, task: () => unknown): void
  sleep(ms: number): Promise<void>
  /** Resolves once no timer is pending and no task started by `after` is running: nothing more will happen by itself. */
  idle(): Promise<void>
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
  let running = 0
  let waiters: Array<() => void> = []

  function settleIfIdle(): void {
    if (timers.size > 0 || running > 0) return
    const ready = waiters
    waiters = []
    ready.forEach((resolve) => resolve())
  }

  function after(ms: number, task: () => unknown): void {
    if (controller.signal.aborted) return
    const timer = setTimeout(() => {
      timers.delete(timer)
      const result = task()
      if (result instanceof Promise) {
        running++
        void result
          .catch(() => undefined)
          .finally(() => {
            running--
            settleIfIdle()
          })
      }
      settleIfIdle()
    }, ms)
    timers.add(timer)
  }

  function idle(): Promise<void> {
    return new Promise((resolve) => {
      waiters.push(resolve)
      settleIfIdle()
    })
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
    settleIfIdle()
  }

  return { signal: controller.signal, after, sleep, idle, close }
}
