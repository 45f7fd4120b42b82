import { performance } from "node:perf_hooks"
import type { ReceivedRequest, SandboxState, WebhookDelivery } from "../../packages/sandbox"

/** One request as the sandbox handled it: from its recorder seeing it to the answer's last byte. */
export interface HandledRequest {
  method: string
  path: string
  fault: ReceivedRequest["fault"]
  startedAt: number
  /** Undefined while unanswered, and forever for a request hung by a fault. */
  endedAt?: number
  status?: number
}

/**
 * What the sandbox does not record itself: how long it spent on each request, how many it
 * was handling at once, and every webhook delivery (its own history keeps the last 1,000).
 *
 * The sandbox appends a record to `state.requests` when a request arrives and sets the
 * record's `status` when the answer is finished; wrapping that array's `push` and the
 * record's `status` property observes both moments without touching the sandbox's code.
 * (Proposed upstream instead: `durationMs` on ReceivedRequest and an in-flight gauge.)
 */
export class SandboxProbe {
  readonly requests: HandledRequest[] = []
  readonly deliveries: WebhookDelivery[] = []
  private inFlight = 0
  private peak = 0

  constructor(state: SandboxState) {
    observePush(state.requests, (record) => this.arrived(record))
    observePush(state.webhooks, (delivery) => this.deliveries.push(delivery))
  }

  /** Requests being handled right now, and the most seen at once since the last reset. */
  get concurrency(): { now: number; peak: number } {
    return { now: this.inFlight, peak: this.peak }
  }

  resetPeak(): void {
    this.peak = this.inFlight
  }

  /** Forgets history (not the in-flight gauge): a long chaos run must not grow without bound. */
  clear(): void {
    this.requests.length = 0
    this.deliveries.length = 0
    this.resetPeak()
  }

  private arrived(record: ReceivedRequest): void {
    const handled: HandledRequest = { method: record.method, path: record.path, fault: null, startedAt: performance.now() }
    this.requests.push(handled)
    this.inFlight++
    this.peak = Math.max(this.peak, this.inFlight)
    let status = record.status
    let fault = record.fault
    Object.defineProperty(record, "fault", {
      enumerable: true,
      get: () => fault,
      set: (value: ReceivedRequest["fault"]) => {
        fault = handled.fault = value
      },
    })
    Object.defineProperty(record, "status", {
      enumerable: true,
      get: () => status,
      set: (value: number | null) => {
        status = value
        if (value === null || handled.endedAt !== undefined) return
        handled.endedAt = performance.now()
        handled.status = value
        this.inFlight--
      },
    })
  }
}

function observePush<T>(list: T[], seen: (item: T) => void): void {
  const push = list.push.bind(list)
  list.push = (...items: T[]): number => {
    items.forEach(seen)
    return push(...items)
  }
}
