import { setTimeout as sleep } from "node:timers/promises"
import type { Confirmation } from "../workflows/confirm-loan"

/**
 * One try more, 2 s on: a flood's lock waits are over by then. One, not more: a cart that refuses
 * the order fails again at once, and the attempts `maxCompletionAttempts` allows are better spent
 * minutes apart, by reconciliation, than seconds apart here.
 */
const RETRIES_IN_TURN = 1
const RETRY_AFTER_MS = 2_000

/**
 * A received notification's confirmation, tried again when Medusa's completion failed with no
 * verdict on the cart (a lock it waited for too long under a flood, a database that did not
 * answer): the service was answered 200 and will not send it again, so the plugin does what its
 * retry of a 503 would have. Each failure counts toward `maxCompletionAttempts`, past which the
 * loan is on the attention list; what is left over, reconciliation finds.
 */
export async function confirmedInTurn(first: Promise<Confirmation>, again: () => Promise<Confirmation>): Promise<Confirmation> {
  let result = await first
  for (let retry = 1; retry <= RETRIES_IN_TURN && result.outcome === "completion_failed" && !result.attention; retry++) {
    await sleep(RETRY_AFTER_MS * retry)
    result = await again()
  }
  return result
}
