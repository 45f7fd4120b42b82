import { AsyncLocalStorage } from "node:async_hooks"

/**
 * What the plugin's own paths hand the payment provider while a Medusa workflow they run calls it:
 * the provider lives in the payment module's container and is called by Medusa, with nothing of
 * the plugin's in its arguments. Each kind of hand-over has its file (confirmed-loan.ts,
 * refund-sender.ts); they share this one store.
 *
 * One store, not one per kind: every AsyncLocalStorage in use adds its own work to each promise
 * the Medusa process creates afterwards, on every request of the store, the plugin's or not.
 *
 * An async context reaches everything started inside it, and Medusa's local event bus runs
 * subscribers inside the context of the workflow that released the events: a store's subscriber
 * that refunds another order would find the admin's cancel's sender, and book its refund with the
 * cancel's reason and without its own cart's lock. So a hand-over names the carts its call works
 * on and ends with that call: the provider takes it only for those carts, and only while it lasts.
 */
const store = new AsyncLocalStorage<Record<symbol, HandOver>>()

interface HandOver {
  value: unknown
  carts: ReadonlySet<string>
  ended: boolean
}

/** The provider calls a hand-over is for: those on these carts (the `cartId` the service knows them by), while the call lasts. */
export interface HandOverScope {
  carts: readonly string[]
  /** Settles when the call is over; by default, when `work` settles. A middleware's `next()` returns before its route answers. */
  lasts?: Promise<unknown>
}

/** Runs `work` with `value` under `key` for the calls `scope` names, beside what the caller's own context holds. */
export function withProvided<T>(key: symbol, value: unknown, scope: HandOverScope, work: () => T): T {
  const handOver: HandOver = { value, carts: new Set(scope.carts), ended: false }
  const end = () => {
    handOver.ended = true
  }
  const result = store.run({ ...store.getStore(), [key]: handOver }, work)
  const lasts = scope.lasts ?? result
  if (lasts instanceof Promise) lasts.then(end, end)
  else end()
  return result
}

/** What was handed over under `key` for a call on `cartId`, if it is for that cart and its call still runs. */
export function provided<T>(key: symbol, cartId: string): T | undefined {
  const handOver = store.getStore()?.[key]
  return handOver && !handOver.ended && handOver.carts.has(cartId) ? (handOver.value as T) : undefined
}
