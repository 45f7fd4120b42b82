import { AsyncLocalStorage } from "node:async_hooks"

/**
 * What the plugin's own paths hand the payment provider while a Medusa workflow they run calls it:
 * the provider lives in the payment module's container and is called by Medusa, with nothing of
 * the plugin's in its arguments. Each kind of hand-over has its file (confirmed-loan.ts,
 * refund-sender.ts, loan-recorder.ts); they share this one store.
 *
 * One store, not one per kind: every AsyncLocalStorage in use adds its own work to each promise
 * the Medusa process creates afterwards, on every request of the store, the plugin's or not.
 */
const store = new AsyncLocalStorage<Record<symbol, unknown>>()

/** Runs `work` with `value` under `key`, beside what the caller's own context holds. */
export function withProvided<T>(key: symbol, value: unknown, work: () => T): T {
  return store.run({ ...store.getStore(), [key]: value }, work)
}

export const provided = <T>(key: symbol): T | undefined => store.getStore()?.[key] as T | undefined
