import type { Random } from "../rng"
import type { ServiceEndpoint } from "../state"
import { FaultConfig } from "./config"

export type RequestFault = "error" | "hang" | "malformed" | null

export interface RequestPlan {
  latencyMs: number
  fault: RequestFault
  errorStatus: 500 | 503
}

export interface WebhookPlan {
  drop: boolean
  duplicate: boolean
  delayMs: number
}

export interface Faults {
  /** The live configuration; `failNext` counts down as requests consume it. */
  readonly config: FaultConfig
  set(config: FaultConfig): void
  planRequest(endpoint: ServiceEndpoint): RequestPlan
  planWebhook(): WebhookPlan
}

/**
 * Decides, request by request, which fault to inject. One draw of the seeded generator
 * per request (and per rate for webhooks) keeps a seeded run reproducible.
 */
export function createFaults(initial: FaultConfig, random: Random): Faults {
  let config = structuredClone(FaultConfig.parse(initial))

  function planRequest(endpoint: ServiceEndpoint): RequestPlan {
    const faults = config[endpoint] ?? {}
    const base = { latencyMs: faults.latencyMs ?? 0, errorStatus: faults.errorStatus ?? 500 }
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

  return {
    get config() {
      return config
    },
    set(next) {
      config = structuredClone(FaultConfig.parse(next))
    },
    planRequest,
    planWebhook,
  }
}
