import { sleep } from "../../harness/pool"
import { BNPL, sessionOf, type ReadyCart, type StoreApi } from "../../harness/store-api"
import type { Sandbox } from "../../../packages/sandbox"

export interface CustomerOutcome {
  cartId: string
  /** The loan the customer paid, if a session could be started at all. */
  loanId?: number
  /** Answers of the failed session attempts, e.g. { "500": 2 }. */
  failedAttempts: Record<string, number>
  payError?: string
}

/**
 * A customer at checkout while the service misbehaves: asks for a pp_bnpl_bnpl session,
 * clicking again after an error (up to `attempts` times, as a person would), then pays the
 * first installment of the loan the session holds. The sandbox then sends the webhook.
 */
export async function checkoutAndPay(api: StoreApi, sandbox: Sandbox, cart: ReadyCart, attempts = 5): Promise<CustomerOutcome> {
  const outcome: CustomerOutcome = { cartId: cart.cartId, failedAttempts: {} }
  for (let attempt = 1; attempt <= attempts && outcome.loanId === undefined; attempt++) {
    const reply = await api.startSession(cart.collectionId, BNPL, 90_000)
    if (reply.status === 200) {
      outcome.loanId = sessionOf(reply, BNPL).loanId
    } else {
      outcome.failedAttempts[reply.status] = (outcome.failedAttempts[reply.status] ?? 0) + 1
      await sleep(200)
    }
  }
  if (outcome.loanId === undefined) return outcome
  try {
    await sandbox.pay(outcome.loanId)
  } catch (error) {
    outcome.payError = error instanceof Error ? error.message : String(error)
  }
  return outcome
}
