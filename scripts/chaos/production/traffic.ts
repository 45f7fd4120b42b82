import { mapLimited, sleep } from "../../harness/pool"
import type { ReadyCart, StoreApi } from "../../harness/store-api"
import type { Stack } from "../../harness/stack"
import { checkoutAndPay, type CustomerOutcome } from "../lib/customer"
import { postRaw, type RawOutcome } from "../lib/raw-webhook"
import { genuineAuthorization, notification } from "../lib/webhook-signer"

export interface Traffic {
  outcomes: CustomerOutcome[]
  /** Answers of the webhooks sent straight to each server, besides the sandbox's own. */
  directAnswers: RawOutcome[]
}

/**
 * Customers checking out through the proxy, spread evenly over `streamMs` so that every
 * fault lands mid-stream. Once a customer has paid, the same genuine webhook also goes
 * straight to both servers at once: every paid loan is confirmed up to three times
 * concurrently (plus the sandbox's own duplicates), on two processes.
 */
export async function driveCheckouts(
  stack: Stack,
  api: StoreApi,
  servers: () => string[],
  carts: ReadyCart[],
  options: { concurrency: number; streamMs: number; onPaid: () => void },
): Promise<Traffic> {
  const directAnswers: RawOutcome[] = []
  const started = Date.now()
  const done = await mapLimited(carts, options.concurrency, async (cart, i) => {
    await sleep(started + (i * options.streamMs) / carts.length - Date.now())
    const outcome = await checkoutAndPay(api, stack.sandbox, cart)
    if (outcome.loanId === undefined || outcome.payError) return outcome
    options.onPaid()
    const body = JSON.stringify(notification(stack.secrets, cart.cartId, outcome.loanId))
    const headers = { "content-type": "application/json", authorization: genuineAuthorization(stack.secrets, JSON.parse(body)) }
    directAnswers.push(...(await Promise.all(servers().map((url) => postRaw({ url: `${url}/hooks/bnpl`, headers, body, timeoutMs: 60_000 })))))
    return outcome
  })
  return { outcomes: done.filter((outcome): outcome is CustomerOutcome => outcome !== undefined), directAnswers }
}
