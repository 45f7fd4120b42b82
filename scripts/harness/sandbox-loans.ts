import { z } from "zod"
import type { FaultConfig, Loan, Sandbox } from "../../packages/sandbox"
import { requestJson } from "./http"

const Authorization = z.object({ Authorization: z.string() })
const Created = z.object({ loanId: z.number(), url: z.string() })

/**
 * Loans made the way the provider makes them (POST /api/auth, then POST /api/loan with that
 * token), for fixtures that skip Medusa: the sandbox validates them like any other.
 */
export async function createLoan(
  sandbox: Sandbox,
  merchant: { merchantId: number; apiToken: string },
  request: Loan["request"],
): Promise<z.infer<typeof Created>> {
  const auth = await requestJson("POST", `${sandbox.authUrl}/auth`, { body: { merchantId: merchant.merchantId, apiToken: merchant.apiToken } })
  const token = Authorization.parse(auth.body).Authorization
  const reply = await requestJson("POST", `${sandbox.authUrl}/loan`, {
    headers: { authorization: token, merchant_id: String(merchant.merchantId) },
    body: request,
  })
  if (reply.status !== 200) throw new Error(`create loan: HTTP ${reply.status} ${JSON.stringify(reply.body).slice(0, 200)}`)
  return Created.parse(reply.body)
}

/**
 * A loan the service fails on: its status query answers the service's own 500, every time.
 * The sandbox has no per-loan fault, so this makes the loan's record unreadable, which its
 * status route turns into a 500. (Proposed upstream: a `failLoan(loanId)` control.)
 */
export function breakLoan(sandbox: Sandbox, loanId: number): void {
  const loan = sandbox.state.loans.get(loanId)
  if (!loan) throw new Error(`breakLoan: no loan ${loanId}`)
  Object.defineProperty(loan, "request", {
    get: () => {
      throw new Error(`loan ${loanId} broken on purpose by the bench: the service fails on it`)
    },
  })
}

/** Runs `work` with `faults` on, then puts `after` back, also when `work` throws. */
export async function withFaults<T>(sandbox: Sandbox, faults: FaultConfig, after: FaultConfig, work: () => Promise<T>): Promise<T> {
  sandbox.setFaults(faults)
  try {
    return await work()
  } finally {
    sandbox.setFaults(after)
  }
}
