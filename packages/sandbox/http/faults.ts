import type { RequestHandler } from "express"
import type { SandboxContext } from "../context"
import type { ServiceEndpoint } from "../state"
import { noteReason } from "./notes"
import { recordFault } from "./recorder"
import { serviceErrorBody } from "./service-errors"

/** What a response cut off mid-way looks like, per endpoint: valid JSON until it stops. */
const TRUNCATED_BODIES: Record<ServiceEndpoint, string> = {
  auth: '{"Authorization":"Bearer eyJhbGciOiJIUzUxMiJ9.eyJtZXJj',
  loan: '{"url":"http://localhost/checkout/5001?token=',
  posLoan: '{"message":"payment created","cartId":"cart_01","loanI',
  status: '[{"loanId":5001,"status":"OUTST',
  cancel: '{"cartId":"cart_01","status":"CANC',
  refund: '{"refundId":7001,"merchantId":1001,"refundSt',
  refundHistory: '[{"cartId":"cart_01","status":"REQ',
}

/**
 * Injects the configured faults before the real handler runs. A faulted request has no
 * effect on the sandbox's loans: what a client must survive is the answer, not a half-done
 * operation. Faulted requests are still recorded, with the fault named.
 */
export function injectFaults(ctx: SandboxContext, endpoint: ServiceEndpoint): RequestHandler {
  return async (req, res, next) => {
    const plan = ctx.faults.planRequest(endpoint)
    if (plan.latencyMs > 0 && !(await slept(ctx, plan.latencyMs))) return
    recordFault(req, plan.fault)
    switch (plan.fault) {
      case null:
        return next()
      case "hang":
        // Accepted and never answered; close() destroys the socket.
        ctx.log(`[sandbox] ${req.method} ${req.originalUrl} hanging: fault injected (${endpoint}.hangRate)`)
        return
      case "error":
        noteReason(res, `fault injected (${endpoint}.errorRate or failNext)`)
        res.status(plan.errorStatus).json(serviceErrorBody(req, plan.errorStatus, ""))
        return
      case "rate-limited":
        noteReason(res, `fault injected (${endpoint}.rateLimitNext): rate limited`)
        res
          .status(429)
          .set("Retry-After", String(plan.retryAfterSeconds))
          .json(serviceErrorBody(req, 429, ""))
        return
      case "malformed":
        noteReason(res, `fault injected (${endpoint}.malformedRate): truncated JSON`)
        res.status(200).type("application/json").send(TRUNCATED_BODIES[endpoint])
        return
    }
  }
}

async function slept(ctx: SandboxContext, ms: number): Promise<boolean> {
  try {
    await ctx.lifecycle.sleep(ms)
    return true
  } catch {
    return false
  }
}
