import { randomUUID } from "node:crypto"
import { setTimeout } from "node:timers/promises"
import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { worstRequestMs } from "../bnpl/client"
import type { BnplOptions } from "../bnpl/options"
import { bnplFromContainer } from "../bnpl/resolve-options"
import { noteHeld, noteReleased, untilReleasedHere } from "./held-here"
import { BNPL_LEDGER_MODULE } from "../../modules/bnpl/key"
import type { BnplLedgerService } from "../../modules/bnpl/service"
import type { LedgerLoan } from "../../modules/bnpl/types"

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

/**
 * The reconciliation run's lock. The run holds it for a minute at a time and extends it as its
 * loans are done (src/reconciliation/run.ts, `lockKeeper`), so that a long run keeps it while a
 * worker killed mid-run blocks the next run for a minute at most.
 */
export const RUN_LOCK = { key: "bnpl:reconcile", timeout: 15 * 60, ttl: 60, retryInterval: 0.5 }

/** The lock key every workflow that changes a cart's loans takes (Medusa's locking module). */
export const cartLockKey = (cartId: string) => `bnpl:cart:${cartId}`

/** Waiting for a cart's lock: a webhook and reconciliation on the same cart wait for each other. */
export const CART_LOCK_WAIT = { timeout: 30, retryInterval: 0.05 } as const

/**
 * The most requests to the service made one after another under a cart's lock: a refund in
 * full reads the status, counts the refund history and sends the refund.
 */
const REQUESTS_UNDER_LOCK = 3
/** Medusa's own work under the lock: the cart's completion, the payment's records. */
const MEDUSA_WORK_MS = 30_000

/**
 * A cart lock's time to live: the worst case of the work under it, every request to the service
 * taking all its attempts to the time-out. A holder that is slow but alive keeps the cart; one
 * that died (Redis locking) blocks it this long at most.
 */
export function cartLockTtlSeconds(options: Pick<BnplOptions, "timeoutMs" | "retries">): number {
  return Math.ceil((REQUESTS_UNDER_LOCK * worstRequestMs(options) + MEDUSA_WORK_MS) / 1000)
}

export const cartLockTtlOf = (container: MedusaContainer): number => cartLockTtlSeconds(bnplFromContainer(container).options)

/** A held lock: its key and the owner only its holder knows. */
export interface HeldLock {
  key: string
  ownerId: string
}

/**
 * Takes a lock of Medusa's locking module under an owner of its own, so a holder whose lock
 * lapsed cannot release the next holder's; waits up to `timeout` seconds, then throws.
 */
export async function acquireLock(
  container: MedusaContainer,
  key: string,
  wait: { ttl: number; timeout: number; retryInterval: number },
): Promise<HeldLock> {
  const locking = container.resolve(Modules.LOCKING)
  const lock = { key, ownerId: `bnpl-${randomUUID()}` }
  const giveUpAt = Date.now() + wait.timeout * 1000
  for (;;) {
    try {
      await locking.acquire(lock.key, { ownerId: lock.ownerId, expire: wait.ttl })
      noteHeld(lock.key, lock.ownerId)
      return lock
    } catch (error) {
      if (Date.now() >= giveUpAt) throw error
      await setTimeout(wait.retryInterval * 1000)
    }
  }
}

export async function releaseLock(container: MedusaContainer, lock: HeldLock): Promise<void> {
  try {
    await container.resolve(Modules.LOCKING).release(lock.key, { ownerId: lock.ownerId })
  } finally {
    noteReleased(lock.key, lock.ownerId)
  }
}

/** Resolves once no holder in this process has the cart's lock (held-here.ts), waiting as long as a holder may keep it. */
export const cartLockReleasedHere = (container: MedusaContainer, cartId: string): Promise<void> =>
  untilReleasedHere(cartLockKey(cartId), cartLockTtlOf(container) * 1000)

/** The cart's lock, waited for as CART_LOCK_WAIT says. */
export const acquireCartLock = (container: MedusaContainer, cartId: string): Promise<HeldLock> =>
  acquireLock(container, cartLockKey(cartId), { ...CART_LOCK_WAIT, ttl: cartLockTtlOf(container) })

/**
 * Runs `work` holding the cart's lock, outside a workflow: the same key, owner rule and TTL as
 * the plugin's workflows (src/workflows/steps/acquire-cart-lock.ts), so the two exclude each other. The lock is renewed
 * while `work` runs: starting a loan may refund an earlier one and then create the new one,
 * more requests than the TTL counts.
 */
export async function underCartLock<T>(container: MedusaContainer, cartId: string, work: () => Promise<T>): Promise<T> {
  const release = await holdCartLock(container, cartId)
  try {
    return await work()
  } finally {
    await release()
  }
}

/**
 * Takes the locks of several carts (an order's loans), in one order so two holders cannot wait on
 * each other, and answers one release for all; a lock that cannot be taken releases those taken.
 */
export async function holdCartLocks(container: MedusaContainer, cartIds: Iterable<string>): Promise<() => Promise<void>> {
  const releases: Array<() => Promise<void>> = []
  const releaseAll = async () => {
    await Promise.all(releases.map((release) => release()))
  }
  try {
    for (const cartId of [...new Set(cartIds)].sort()) releases.push(await holdCartLock(container, cartId))
  } catch (error) {
    await releaseAll().catch(() => undefined)
    throw error
  }
  return releaseAll
}

/** Takes the cart's lock and keeps renewing it until the answered function is called (once is enough). */
export async function holdCartLock(container: MedusaContainer, cartId: string): Promise<() => Promise<void>> {
  const lock = await acquireCartLock(container, cartId)
  const locking = container.resolve(Modules.LOCKING)
  const expire = cartLockTtlOf(container)
  const renew = setInterval(() => void locking.acquire(lock.key, { ownerId: lock.ownerId, expire }).catch(() => undefined), (expire * 1000) / 3)
  renew.unref()
  let released: Promise<void> | undefined
  return () => {
    clearInterval(renew)
    return (released ??= releaseLock(container, lock))
  }
}
