import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { acquireCartLock, type CartLock, ledgerOf, releaseCartLock } from "./ledger"

/** Reads the cart a ledger row belongs to, so a workflow can lock the cart before touching the row. */
export const cartOfLedgerRowStep = createStep("bnpl-cart-of-ledger-row", async (input: { ledger_id: string }, { container }) => {
  const row = await ledgerOf(container).retrieveBnplLoan(input.ledger_id, { select: ["id", "cart_id", "loan_id"] })
  return new StepResponse({ cart_id: row.cart_id, loan_id: row.loan_id })
})

/**
 * Takes the cart's lock (`bnpl:cart:<id>`), which every workflow that changes the cart's loans
 * holds: an owner per holder and a TTL that covers the work under it (ledger.ts). Taken inside
 * a nested workflow too, where Medusa's own lock step would skip. Released by
 * releaseCartLockStep, or by this step's compensation when a later step fails.
 */
export const acquireCartLockStep = createStep(
  "bnpl-acquire-cart-lock",
  async (input: { cart_id: string }, { container }) => {
    const lock = await acquireCartLock(container, input.cart_id)
    return new StepResponse(lock, lock)
  },
  async (lock: CartLock | undefined, { container }) => {
    if (lock) await releaseCartLock(container, lock)
  },
)

export const releaseCartLockStep = createStep("bnpl-release-cart-lock", async (lock: CartLock, { container }) => {
  await releaseCartLock(container, lock)
  return new StepResponse(lock)
})

/** Composes `work` under the lock of the cart of a ledger row. */
export function underCartLockOfRow<I extends { ledger_id: string }, O>(input: I, work: (input: I) => O): O {
  const row = cartOfLedgerRowStep(input)
  const lock = acquireCartLockStep(row)
  const result = work(input)
  releaseCartLockStep(lock)
  return result
}
