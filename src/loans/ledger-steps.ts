import { randomUUID } from "node:crypto"
import { createStep, StepResponse, transform } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { CART_LOCK, cartLockKey, ledgerOf } from "./ledger"

/** Reads the cart a ledger row belongs to, so a workflow can lock the cart before touching the row. */
export const cartOfLedgerRowStep = createStep("bnpl-cart-of-ledger-row", async (input: { ledger_id: string }, { container }) => {
  const row = await ledgerOf(container).retrieveBnplLoan(input.ledger_id, { select: ["id", "cart_id", "loan_id"] })
  return new StepResponse({ cart_id: row.cart_id, loan_id: row.loan_id })
})

/**
 * Composes `work` between Medusa's lock steps on the cart of a ledger row:
 * every workflow that changes a loan holds its cart's lock (`bnpl:cart:<id>`),
 * the one the webhook's confirmation takes too.
 */
export function underCartLockOfRow<I extends { ledger_id: string }, O>(input: I, work: (input: I) => O): O {
  const row = cartOfLedgerRowStep(input)
  const lock = transform({ row }, ({ row }) => cartLockOf(row.cart_id))
  acquireLockStep(transform({ lock }, ({ lock }) => ({ ...lock, ...CART_LOCK })))
  const result = work(input)
  releaseLockStep(lock)
  return result
}

/**
 * The cart's lock key with an owner of its own: a holder whose TTL lapsed cannot release the
 * lock the next holder took. Taken inside a nested workflow too (`runAsStep`), where Medusa's
 * lock step would otherwise skip.
 */
export const cartLockOf = (cartId: string) => ({ key: cartLockKey(cartId), ownerId: `bnpl-${randomUUID()}`, executeOnSubWorkflow: true })
