import { randomUUID } from "node:crypto"
import { setTimeout } from "node:timers/promises"
import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { worstRequestMs } from "../bnpl/client"
import type { BnplOptions } from "../bnpl/options"
import { bnplFromContainer } from "../bnpl/resolve-options"
import { cartHolder, type LoanHolder } from "./holder"
import { holdersOfServiceCarts } from "./queries"

/**
 * The plugin's locks, all in Medusa's locking module (in memory in one process, Redis across
 * several), one key per holder of loans (`holderLockKey`). One shape for every lock: the input of Medusa's `acquireLockStep` and
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

/**
 * The one lock key of a holder's loans (holder.ts): a cart's id, or an order balance's payment
 * collection id, whatever `cartId` the service knows each loan by. Every loan that may pay the
 * holder (a payment link's, each sale by phone's `{collection}.{suffix}`) is changed under it,
 * so that a webhook of one and a new session or link of another never decide apart.
 */
export const holderLockKey = (holder: LoanHolder): string => `bnpl:holder:${holder.type === "cart" ? holder.cart_id : holder.payment_collection_id}`

/** A cart's lock key: the holder's, for a cart at checkout. */
export const cartLockKey = (cartId: string): string => holderLockKey(cartHolder(cartId))

/** Waiting for a holder's lock: a webhook and reconciliation on the same holder wait for each other. */
export const CART_LOCK_WAIT = { timeout: 30, retryInterval: 0.05 } as const

/**
 * The most requests to the service made one after another under a holder's lock: a refund in
 * full reads the status, counts the refund history and sends the refund.
 */
const REQUESTS_UNDER_LOCK = 3
/** Medusa's own work under the lock: the cart's completion, the payment's records. */
const MEDUSA_WORK_MS = 30_000

/**
 * A holder lock's time to live: the worst case of the work under it, every request to the service
 * taking all its attempts to the time-out. A holder that is slow but alive keeps the lock; one
 * that died (Redis locking) blocks it this long at most.
 */
export function cartLockTtlSeconds(options: Pick<BnplOptions, "timeoutMs" | "retries">): number {
  return Math.ceil((REQUESTS_UNDER_LOCK * worstRequestMs(options) + MEDUSA_WORK_MS) / 1000)
}

/**
 * Locks of these keys under a new owner. The keys are sorted, so that two holders of several
 * keys take them in one order and never wait on each other.
 */
function keyLocks(options: Pick<BnplOptions, "timeoutMs" | "retries">, keys: Iterable<string>): Locks {
  return {
    key: [...new Set(keys)].sort(),
    ownerId: `bnpl-${randomUUID()}`,
    ttl: cartLockTtlSeconds(options),
    ...CART_LOCK_WAIT,
    executeOnSubWorkflow: true,
  }
}

/** The locks of some holders (an order's loans, or a single cart or balance), under a new owner. */
export const holderLocks = (options: Pick<BnplOptions, "timeoutMs" | "retries">, holders: Iterable<LoanHolder>): Locks =>
  keyLocks(options, [...holders].map(holderLockKey))

export const holderLocksOf = (container: MedusaContainer, holders: Iterable<LoanHolder>): Locks =>
  holderLocks(bnplFromContainer(container).options, holders)

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

/** The holders' locks held until the answered release is called (`holdLocks`). */
export const holdHolderLocks = (container: MedusaContainer, holders: Iterable<LoanHolder>): Promise<() => Promise<void>> =>
  holdLocks(container, holderLocksOf(container, holders))

/**
 * The locks of the holders of the loans the service knows by these `cartId`s, held until the
 * answered release is called: for a path that has only the loans' `cartId`s (a Medusa payment's
 * session data), whose holders the ledger's rows say (holdersOfServiceCarts).
 */
export const holdLoanLocks = async (container: MedusaContainer, serviceCartIds: Iterable<string>): Promise<() => Promise<void>> =>
  holdHolderLocks(container, await holdersOfServiceCarts(container, serviceCartIds))

/** Runs `work` holding the holders' locks, outside a workflow. */
export const underHolderLocks = <T>(container: MedusaContainer, holders: Iterable<LoanHolder>, work: () => Promise<T>): Promise<T> =>
  underHeld(holdHolderLocks(container, holders), work)

/** Runs `work` holding the locks of the holders of the loans known by these `cartId`s, outside a workflow. */
export const underLoanLocks = <T>(container: MedusaContainer, serviceCartIds: Iterable<string>, work: () => Promise<T>): Promise<T> =>
  underHeld(holdLoanLocks(container, serviceCartIds), work)

/**
 * Runs `work` holding an order's own lock, which no loan takes: what only one admin at a time
 * may do to the order itself (open the payment collection a phone sale asks through).
 */
export const underOrderLock = <T>(container: MedusaContainer, orderId: string, work: () => Promise<T>): Promise<T> =>
  underHeld(holdLocks(container, keyLocks(bnplFromContainer(container).options, [`bnpl:order:${orderId}`])), work)

async function underHeld<T>(held: Promise<() => Promise<void>>, work: () => Promise<T>): Promise<T> {
  const release = await held
  try {
    return await work()
  } finally {
    await release()
  }
}
