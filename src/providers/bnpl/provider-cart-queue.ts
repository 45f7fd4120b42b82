/**
 * Serializes the provider's own calls on one cart inside this process.
 *
 * Medusa creates the new payment session and deletes the old ones in parallel
 * (createPaymentSessionsWorkflow), and the service cancels by `cartId`, not by
 * `loanId`. Without this queue, cancelling the old loan could land after the
 * new one exists and cancel it too. Both calls run in the same workflow, so in
 * the same process: an in-process queue is enough, and the cross-process lock
 * the workflows take (`bnpl:cart:<id>` in Medusa's locking module) cannot be
 * used here, because the workflow creating the session already holds it.
 */
const tails = new Map<string, Promise<unknown>>()

export async function queueForCart<T>(cartId: string, work: () => Promise<T>): Promise<T> {
  const previous = tails.get(cartId) ?? Promise.resolve()
  const run = previous.catch(() => undefined).then(work)
  tails.set(cartId, run)
  try {
    return await run
  } finally {
    if (tails.get(cartId) === run) tails.delete(cartId)
  }
}
