import { randomUUID } from "node:crypto"
import { setTimeout } from "node:timers/promises"
import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { BNPL_LEDGER_MODULE } from "../modules/bnpl/key"
import type { BnplLedgerService, LedgerPatch } from "../modules/bnpl/service"
import type { LedgerLoan } from "../modules/bnpl/types"

export const ledgerOf = (container: MedusaContainer): BnplLedgerService => container.resolve(BNPL_LEDGER_MODULE)

export const rowOfLoan = (container: MedusaContainer, loanId: number): Promise<LedgerLoan | undefined> =>
  ledgerOf(container).findLoan({ loan_id: loanId })

/**
 * A loan no order holds yet: its row is open, or on the attention list only because its
 * completions failed (no order recorded, no look-alike beside it). An order found holding the
 * loan's payment later (a completion that finished after it was counted as failed, an event
 * that came late) makes it that order's payment; every other listing stays for the admin.
 */
export const awaitsOrder = (row: LedgerLoan): boolean =>
  row.state === "open" || (row.state === "needs_attention" && !row.order_id && !row.suspect_order_id)

/** The lock key every workflow that changes a cart's loans takes (Medusa's locking module). */
export const cartLockKey = (cartId: string) => `bnpl:cart:${cartId}`

/**
 * Waiting for a cart's lock: a webhook and reconciliation on the same cart wait for each other.
 * The TTL bounds how long a process killed while holding it blocks the cart (Redis locking).
 */
export const CART_LOCK = { timeout: 30, ttl: 60, retryInterval: 0.05 } as const

export type { LedgerPatch }

/** Applies `patch` to the row and answers the values it replaced, for a compensation to put back. */
export async function patchRow(container: MedusaContainer, row: LedgerLoan, patch: LedgerPatch): Promise<LedgerPatch> {
  const previous = Object.fromEntries(Object.keys(patch).map((key) => [key, row[key as keyof LedgerLoan]])) as LedgerPatch
  await ledgerOf(container).patchLoan(row.id, patch)
  return previous
}

/**
 * Runs `work` holding the cart's lock, outside a workflow: the same key, wait and TTL as
 * Medusa's lock steps in the plugin's workflows (ledger-steps.ts), so the two exclude each other.
 * The lock has an owner of its own, and is renewed while `work` runs: work that outlasts the
 * TTL (time-outs and retries against the service) keeps the cart, and a holder whose lock
 * lapsed anyway (a stalled process) cannot release the next holder's.
 */
export async function underCartLock<T>(container: MedusaContainer, cartId: string, work: () => Promise<T>): Promise<T> {
  const locking = container.resolve(Modules.LOCKING)
  const key = cartLockKey(cartId)
  const ownerId = `bnpl-${randomUUID()}`
  const giveUpAt = Date.now() + CART_LOCK.timeout * 1000
  for (;;) {
    try {
      await locking.acquire(key, { ownerId, expire: CART_LOCK.ttl })
      break
    } catch (error) {
      if (Date.now() >= giveUpAt) throw error
      await setTimeout(CART_LOCK.retryInterval * 1000)
    }
  }
  const renew = setInterval(() => void locking.acquire(key, { ownerId, expire: CART_LOCK.ttl }).catch(() => undefined), (CART_LOCK.ttl * 1000) / 3)
  renew.unref()
  try {
    return await work()
  } finally {
    clearInterval(renew)
    await locking.release(key, { ownerId })
  }
}
