import type { HttpTypes } from "@medusajs/framework/types"
import type { BnplSdk, CompleteCartResult, StoreCart } from "../sdk"

/** What a test's stub store answers; each handler may throw as the SDK does. */
export interface StubStore {
  fetch?: (path: string, query: Record<string, string>, init: { method?: string; body?: unknown }) => unknown
  initiate?: (cart: StoreCart, body: HttpTypes.StoreInitializePaymentSession) => HttpTypes.StorePaymentCollectionResponse
  complete?: (cartId: string) => CompleteCartResult
}

/** The SDK's own error: a status and the store's message. */
export class StubFetchError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

/** A stand-in for `new Medusa(...)`, recording every call the kit makes. */
export function stubSdk(store: StubStore) {
  const calls: Array<{
    kind: "fetch" | "initiate" | "complete"
    path?: string
    query?: Record<string, string>
    method?: string
    cartId?: string
    body?: unknown
  }> = []
  const unexpected = (what: string) => () => {
    throw new Error(`unexpected ${what}`)
  }
  const sdk: BnplSdk = {
    client: {
      fetch: async <T>(input: RequestInfo | URL, init?: { query?: Record<string, string>; method?: string; body?: unknown }): Promise<T> => {
        const path = String(input)
        calls.push({
          kind: "fetch",
          path,
          query: init?.query,
          ...(init?.method ? { method: init.method } : {}),
          ...(init?.body ? { body: init.body } : {}),
        })
        return (store.fetch ?? unexpected(`fetch ${path}`))(path, init?.query ?? {}, { method: init?.method, body: init?.body }) as T
      },
    },
    store: {
      payment: {
        initiatePaymentSession: async (cart, body) => {
          calls.push({ kind: "initiate", cartId: cart.id, body })
          return (store.initiate ?? unexpected("initiatePaymentSession"))(cart, body)
        },
      },
      cart: {
        complete: async (cartId) => {
          calls.push({ kind: "complete", cartId })
          return (store.complete ?? unexpected("complete"))(cartId)
        },
      },
    },
  }
  return { sdk, calls }
}
