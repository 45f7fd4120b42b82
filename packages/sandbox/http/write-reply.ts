import type { Request, Response } from "express"
import type { SandboxContext } from "../context"
import type { WriteEndpoint } from "../faults/plan"
import { recordFault } from "./recorder"

/**
 * Answers a write the sandbox has applied, unless a fault loses the answer: the change stays
 * made, as when the service commits and its reply dies on the way. Loan creation (online and
 * in-store), cancel and refund all come through here, so they lose their replies the same way.
 * `applied` says what was done, for the log line of a lost reply.
 */
export function answerWrite(ctx: SandboxContext, req: Request, res: Response, endpoint: WriteEndpoint, applied: string, answer: object): void {
  const lost = ctx.faults.losesReply(endpoint)
  if (!lost) {
    res.json(answer)
    return
  }
  recordFault(req, lost === "hang" ? "apply-then-hang" : "apply-then-reset")
  const fault = lost === "hang" ? "applyThenHangRate or applyThenFailNext" : "applyThenFailNext"
  ctx.log(`[sandbox] ${applied}, reply lost (${lost}): fault injected (${endpoint}.${fault})`)
  // A hung request is left open; close() destroys its socket.
  if (lost === "reset") req.socket.destroy()
}
