import { randomUUID } from "node:crypto"
import { setTimeout } from "node:timers/promises"
import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { worstRequestMs } from "../bnpl/client"
import type { BnplOptions } from "../bnpl/options"
import { bnplFromContainer } from "../bnpl/resolve-options"

/**
 * The plugin's locks, all in Medusa's locking module (in memory in one process, Redis across
 * several). One shape for every holder: the input of Medusa's `acquireLockStep` and
 * `releaseLockStep`, which the workflows take the locks with (src/workflows/cart-locks.ts). The
 * few holders outside a workflow (a route that holds a cart while Medusa's own route runs, the
 * reconciliation run, the store's own refund) take the same locks with `takeLocks` below.
 */
export interface Locks {
  key: string[]
  /** The holder's own: a holder whose lock lapsed to another cannot release the other's. */
  ownerId: string
  /** Seconds the lock lives unless renewed: a holder that died blocks no one longer. */
  ttl: number
  /** Seconds to wait for a held lock before giving up with the locking module's error. */
  timeout: number
  retryInterval: number
  /** Taken inside a nested workflow too, where Medusa's lock steps skip by default. */
  executeOnSubWorkflow: true
}

/** The lock key every change of a cart's loans holds. */
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

/**
 * The locks of some carts (an order's loans, or a single cart), under a new owner. The keys are
 * sorted, so that two holders of several carts take them in one order and never wait on each other.
 */
export function cartLocks(options: Pick<BnplOptions, "timeoutMs" | "retries">, cartIds: Iterable<string>): Locks {
  return {
    key: [...new Set(cartIds)].sort().map(cartLockKey),
    ownerId: `bnpl-${randomUUID()}`,
    ttl: cartLockTtlSeconds(options),
    ...CART_LOCK_WAIT,
    executeOnSubWorkflow: true,
  }
}

export const cartLocksOf = (container: MedusaContainer, cartIds: Iterable<string>): Locks => cartLocks(bnplFromContainer(container).options, cartIds)

/**
 * The reconciliation run's lock lives a minute unless extended: the run extends it as its loans
 * are done (src/reconciliation/run.ts, `lockKeeper`), so that a long run keeps it while a worker
 * killed mid-run blocks the next run for a minute at most.
 */
export const RUN_LOCK_TTL = 60

/** The reconciliation run's lock: one run at a time. */
export const runLock = (): Locks => ({
  key: ["bnpl:reconcile"],
  ownerId: `bnpl-${randomUUID()}`,
  ttl: RUN_LOCK_TTL,
  timeout: 15 * 60,
  retryInterval: 0.5,
  executeOnSubWorkflow: true,
})

/** Extends the locks' life by their TTL from now: the locking module extends a key its owner takes again. */
export async function extendLocks(container: MedusaContainer, locks: Locks): Promise<void> {
  await container.resolve(Modules.LOCKING).acquire(locks.key, { ownerId: locks.ownerId, expire: locks.ttl })
}

/**
 * Takes the locks as Medusa's `acquireLockStep` does (all keys at once, retried until `timeout`),
 * outside a workflow. A wait that gives up releases the keys it took, and throws the locking
 * module's error.
 */
export async function takeLocks(container: MedusaContainer, locks: Locks): Promise<void> {
  const giveUpAt = Date.now() + locks.timeout * 1000
  for (;;) {
    try {
      return await extendLocks(container, locks)
    } catch (error) {
      if (Date.now() >= giveUpAt) {
        await releaseLocks(container, locks).catch(() => undefined)
        throw error
      }
      await setTimeout(locks.retryInterval * 1000)
    }
  }
}

export async function releaseLocks(container: MedusaContainer, locks: Locks): Promise<void> {
  await container.resolve(Modules.LOCKING).release(locks.key, { ownerId: locks.ownerId })
}

/**
 * Takes the locks and keeps them alive until the answered release is called (once is enough): a
 * route holds a cart for as long as Medusa's own route runs, however long that is.
 */
export async function holdLocks(container: MedusaContainer, locks: Locks): Promise<() => Promise<void>> {
  await takeLocks(container, locks)
  const renew = setInterval(() => void extendLocks(container, locks).catch(() => undefined), (locks.ttl * 1000) / 3)
  renew.unref()
  let released: Promise<void> | undefined
  return () => {
    clearInterval(renew)
    return (released ??= releaseLocks(container, locks))
  }
}

/** The carts' locks held until the answered release is called (`holdLocks`). */
export const holdCartLocks = (container: MedusaContainer, cartIds: Iterable<string>): Promise<() => Promise<void>> =>
  holdLocks(container, cartLocksOf(container, cartIds))

/** Runs `work` holding the carts' locks, outside a workflow. */
export async function underCartLocks<T>(container: MedusaContainer, cartIds: Iterable<string>, work: () => Promise<T>): Promise<T> {
  const release = await holdCartLocks(container, cartIds)
  try {
    return await work()
  } finally {
    await release()
  }
}
