import type { Random } from "../rng"
import type { ServiceEndpoint } from "../state"
import { FaultConfig, type LostReply } from "./config"

export type RequestFault = "error" | "hang" | "malformed" | "rate-limited" | null

/** The endpoints whose requests change something, and so can lose the reply of a change made. */
export type WriteEndpoint = Extract<ServiceEndpoint, "loan" | "posLoan" | "cancel" | "refund">

export interface RequestPlan {
  latencyMs: number
  fault: RequestFault
  errorStatus: 500 | 503
  retryAfterSeconds: number
}

export interface WebhookPlan {
  drop: boolean
  duplicate: boolean
  delayMs: number
}

export interface Faults {
  /** The live configuration; `failNext`, `rejectNext` and `applyThenFailNext` count down as requests consume them. */
  readonly config: FaultConfig
  set(config: FaultConfig): void
  planRequest(endpoint: ServiceEndpoint): RequestPlan
  planWebhook(): WebhookPlan
  /** Asked only for a refund the service would accept: true turns it into REJECTED. */
  rejectsRefund(): boolean
  /** Asked only once a write is applied (a loan created, a cancel made, a refund accepted): how its reply is lost, if it is. */
  losesReply(endpoint: WriteEndpoint): LostReply | null
  /** Asked once per refund made: how much later than usual the history shows it; null: never. */
  refundHistoryDelayMs(): number | null
}

/**
 * Decides, request by request, which fault to inject. One draw of the seeded generator
 * per request (and per rate for webhooks) keeps a seeded run reproducible.
 */
export function createFaults(initial: FaultConfig, random: Random): Faults {
  let config = structuredClone(FaultConfig.parse(initial))

  function planRequest(endpoint: ServiceEndpoint): RequestPlan {
    const faults = config[endpoint] ?? {}
    const base = { latencyMs: faults.latencyMs ?? 0, errorStatus: faults.errorStatus ?? 500, retryAfterSeconds: faults.retryAfterSeconds ?? 1 }
    if ((faults.rateLimitNext ?? 0) > 0) {
      faults.rateLimitNext = (faults.rateLimitNext ?? 1) - 1
      return { ...base, fault: "rate-limited" }
    }
    if ((faults.failNext ?? 0) > 0) {
      faults.failNext = (faults.failNext ?? 1) - 1
      return { ...base, fault: "error" }
    }
    return { ...base, fault: drawFault(faults.hangRate, faults.errorRate, faults.malformedRate) }
  }

  function drawFault(hangRate = 0, errorRate = 0, malformedRate = 0): RequestFault {
    if (hangRate + errorRate + malformedRate === 0) return null
    const draw = random()
    if (draw < hangRate) return "hang"
    if (draw < hangRate + errorRate) return "error"
    if (draw < hangRate + errorRate + malformedRate) return "malformed"
    return null
  }

  function planWebhook(): WebhookPlan {
    const faults = config.webhook ?? {}
    return {
      drop: happens(faults.dropRate),
      duplicate: happens(faults.duplicateRate),
      delayMs: faults.delayMs ?? 0,
    }
  }

  function happens(rate = 0): boolean {
    return rate > 0 && random() < rate
  }

  function rejectsRefund(): boolean {
    const faults = config.refund ?? {}
    if ((faults.rejectNext ?? 0) === 0) return false
    faults.rejectNext = (faults.rejectNext ?? 1) - 1
    return true
  }

  function losesReply(endpoint: WriteEndpoint): LostReply | null {
    const faults = config[endpoint] ?? {}
    if ((faults.applyThenFailNext ?? 0) > 0 && (faults.applyThenFailAfter ?? 0) > 0) {
      faults.applyThenFailAfter = (faults.applyThenFailAfter ?? 1) - 1
      return null
    }
    if ((faults.applyThenFailNext ?? 0) > 0) {
      faults.applyThenFailNext = (faults.applyThenFailNext ?? 1) - 1
      return faults.applyThenFailAs ?? "reset"
    }
    return happens(faults.applyThenHangRate) ? "hang" : null
  }

  function refundHistoryDelayMs(): number | null {
    const delay = config.refund?.historyDelayMs
    if (delay === undefined) return 0
    if (delay === "never") return null
    if (typeof delay === "number") return delay
    return Math.round(delay.min + random() * (delay.max - delay.min))
  }

  return {
    get config() {
      return config
    },
    set(next) {
      config = structuredClone(FaultConfig.parse(next))
    },
    planRequest,
    planWebhook,
    rejectsRefund,
    losesReply,
    refundHistoryDelayMs,
  }
}
