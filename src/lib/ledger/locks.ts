import { randomUUID } from "node:crypto"
import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { worstRequestMs } from "../service/client"
import type { BnplOptions } from "../options/options"
import { bnplFromContainer } from "../options/resolve-options"
import { cartHolder, type LoanHolder } from "../../modules/bnpl/holder"
import { holdersOfServiceCarts } from "./holders"

/**
 * The plugin's locks, all in Medusa's locking module (in memory in one process, Redis across
 * several), one key per holder of loans (`holderLockKey`). One shape for every lock: the input of
 * Medusa's `acquireLockStep` and `releaseLockStep`, which the workflows take the locks with
 * (src/workflows/holder-locks.ts). Outside a workflow (a route that holds a cart while Medusa's own
 * route runs, a webhook's or reconciliation's work on a holder, the store's own refund) the same
 * keys are held through the module's `execute`: `underLocks` below. Each holder has an owner of its
 * own, so a workflow and a route exclude each other; none takes a key it already holds.
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

/**
 * The locks of the holders of the loans the service knows by these `cartId`s: for a path that has
 * only the loans' `cartId`s (a Medusa payment's session data), whose holders the ledger's rows say
 * (holdersOfServiceCarts).
 */
export const loanLocksOf = async (container: MedusaContainer, serviceCartIds: Iterable<string>): Promise<Locks> =>
  holderLocksOf(container, await holdersOfServiceCarts(container, serviceCartIds))

/**
 * An order's own lock, which no loan takes: what only one admin at a time may do to the order
 * itself (open the payment collection a phone sale asks through).
 */
export const orderLockOf = (container: MedusaContainer, orderId: string): Locks =>
  keyLocks(bnplFromContainer(container).options, [`bnpl:order:${orderId}`])

/**
 * The one way to hold locks outside a workflow: runs `work` holding the keys, through Medusa's
 * locking module's `execute`. It waits for the keys up to `timeout` (then throws the module's
 * error and `work` never runs), keeps them for as long as `work` runs and releases them after,
 * under an owner of its own. Redis keeps the keys on a lease of `ttl` seconds that it renews
 * under `work`, and aborts `signal` (and throws) if the lease is lost; in memory they are held
 * until `work` ends.
 *
 * One `execute` per key, in the keys' order, all within the one `timeout`: a single `execute` of
 * several keys that gives up keeps those it already took (until the awaited key is freed in
 * memory, for the lease in Redis), where a nested one's give-up ends the jobs that hold them.
 */
export function underLocks<T>(
  container: MedusaContainer,
  locks: Pick<Locks, "key" | "ttl" | "timeout">,
  work: (signal?: AbortSignal) => Promise<T>,
): Promise<T> {
  const locking = container.resolve(Modules.LOCKING)
  const giveUpAt = Date.now() + locks.timeout * 1000
  const holding = ([key, ...rest]: string[], signals: AbortSignal[]): Promise<T> =>
    key === undefined
      ? work(signals.length ? AbortSignal.any(signals) : undefined)
      : locking.execute(key, (signal) => holding(rest, signal ? [...signals, signal] : signals), {
          timeout: Math.max(giveUpAt - Date.now(), 0) / 1000,
          expire: locks.ttl,
        })
  return holding(locks.key, [])
}

/**
 * Holds the locks until `until` settles, `underLocks` with nothing to run but the wait: a
 * middleware holds a cart for as long as Medusa's own route runs (`until`: its answer, answered.ts).
 * Resolves once the keys are held, with a release that ends the hold sooner and settles once the
 * keys are free; rejects with the locking module's error when the wait gives up.
 */
export function holdLocksUntil(
  container: MedusaContainer,
  locks: Pick<Locks, "key" | "ttl" | "timeout">,
  until: Promise<unknown>,
): Promise<() => Promise<void>> {
  let endSooner!: () => void
  const ended = new Promise<void>((end) => (endSooner = end))
  return new Promise((held, failed) => {
    const holding: Promise<void> = underLocks(container, locks, async () => {
      held(async () => {
        endSooner()
        await holding.catch(() => undefined)
      })
      await Promise.race([until, ended])
    })
    holding.catch(failed)
  })
}

/**
 * The reconciliation run's lock is the one held outside a workflow without `execute`: Redis would
 * renew it under the run on a timer, and the run extends it on its progress instead (`runLock`).
 * It is taken with Medusa's `acquireLockStep` (src/workflows/take-run-lock.ts), extended here by taking
 * it again (the locking module extends a key its owner takes again), and released at the run's end.
 */
export async function extendLocks(container: MedusaContainer, locks: Locks): Promise<void> {
  await container.resolve(Modules.LOCKING).acquire(locks.key, { ownerId: locks.ownerId, expire: locks.ttl })
}

export async function releaseLocks(container: MedusaContainer, locks: Locks): Promise<void> {
  await container.resolve(Modules.LOCKING).release(locks.key, { ownerId: locks.ownerId })
}
