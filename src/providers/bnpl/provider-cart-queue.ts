/**
 * Serializes the provider's work on one cart inside this process.
 *
 * Medusa creates the new payment session and deletes the old ones in parallel
 * (createPaymentSessionsWorkflow), and the service cancels by `cartId`, not by
 * `loanId`. Without this lock, cancelling the old loan could land after the new
 * one exists and cancel it too. Both calls run in the same workflow, hence the
 * same process, so an in-process lock is enough.
 */
const tails = new Map<string, Promise<unknown>>()

export async function withCartLock<T>(cartId: string, work: () => Promise<T>): Promise<T> {
  const previous = tails.get(cartId) ?? Promise.resolve()
  const run = previous.catch(() => undefined).then(work)
  tails.set(cartId, run)
  try {
    return await run
  } finally {
    if (tails.get(cartId) === run) tails.delete(cartId)
  }
}
