import type { ICacheService, ICachingModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { z } from "zod"
import type { BnplClient } from "../../../lib/service/client"
import { LoanRecord } from "../../../lib/service/wire"

/**
 * The status query for the storefront's routes (a cart, an order's balance), shared for a moment: a storefront polling
 * its return page, or anyone repeating the public route, costs the service one query per cart
 * every few seconds at most, whatever the rate of requests. The answer is kept in Medusa's cache
 * (the caching module when the store registers it, else the cache module every store has), so
 * that processes sharing a Redis cache share it too. Decisions about money never read this: the
 * webhook, reconciliation and completion ask the service themselves.
 */
export const FRESH_MS = 2_000

/** What the store routes read of a loan the service lists; nothing of the shopper enters the cache. */
export const SeenLoan = LoanRecord.pick({ loanId: true, status: true })
export type SeenLoan = z.infer<typeof SeenLoan>
const Cached = z.object({ loans: z.array(SeenLoan) })

/** Requests to the service in flight in this process, by cart: copies that come together share one. */
const asking = new Map<string, Promise<SeenLoan[] | undefined>>()

/**
 * The cart's loans as the service listed them in the last FRESH_MS, or undefined when it could not
 * be asked. A kept answer that misses a loan the store knows of (`known`: made since) is stale and
 * is asked again: a shopper back from paying a new loan must not be offered another.
 */
export function recentLoans(scope: MedusaContainer, client: BnplClient, cartId: string, known: number[] = []): Promise<SeenLoan[] | undefined> {
  const pending = asking.get(cartId)
  if (pending) return pending
  const loans = cachedOrAsked(sharedCache(scope), client, cartId, known).finally(() => asking.delete(cartId))
  asking.set(cartId, loans)
  return loans
}

async function cachedOrAsked(cache: SharedCache | undefined, client: BnplClient, cartId: string, known: number[]): Promise<SeenLoan[] | undefined> {
  const key = `bnpl:recent-loans:${cartId}`
  const cached = Cached.safeParse(await cache?.get(key).catch(() => null))
  if (cached.success && known.every((loanId) => cached.data.loans.some((loan) => loan.loanId === loanId))) return cached.data.loans
  const loans = await client.getLoans(cartId).then(
    (records) => records.map(({ loanId, status }) => ({ loanId, status })),
    () => undefined,
  )
  // A failed query is not remembered: the next request asks again. A cache that fails costs a query, nothing more.
  if (loans) await cache?.set(key, { loans }, FRESH_MS / 1000).catch(() => undefined)
  return loans
}

interface SharedCache {
  get(key: string): Promise<unknown>
  set(key: string, data: object, ttlSeconds: number): Promise<void>
}

/** Medusa's caching module (2.11+, registered by the store) when there is one, else its cache module (a default module). */
function sharedCache(scope: MedusaContainer): SharedCache | undefined {
  const caching = scope.resolve<ICachingModuleService | undefined>(Modules.CACHING, { allowUnregistered: true })
  // tags: [] keeps the caching module from deriving tags from the data.
  if (caching) return { get: (key) => caching.get({ key }), set: (key, data, ttl) => caching.set({ key, data, ttl, tags: [] }) }
  const cache = scope.resolve<ICacheService | undefined>(Modules.CACHE, { allowUnregistered: true })
  if (cache) return { get: (key) => cache.get(key), set: (key, data, ttl) => cache.set(key, data, ttl) }
  return undefined
}
