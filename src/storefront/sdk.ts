import type Medusa from "@medusajs/js-sdk"

/**
 * The part of `@medusajs/js-sdk` the kit uses. A `new Medusa({...})` fits it; so does a
 * stub in tests. Type-only: the kit never imports the SDK at run time, so it works with
 * whichever SDK instance (and version) the storefront already has.
 */
export interface BnplSdk {
  client: Pick<Medusa["client"], "fetch">
  store: {
    payment: Pick<Medusa["store"]["payment"], "initiatePaymentSession">
    cart: Pick<Medusa["store"]["cart"], "complete">
  }
}

export type StoreCart = Parameters<Medusa["store"]["payment"]["initiatePaymentSession"]>[0]
export type CompleteCartResult = Awaited<ReturnType<Medusa["store"]["cart"]["complete"]>>
export type StoreOrder = Extract<CompleteCartResult, { type: "order" }>["order"]

export const BNPL_PROVIDER_ID = "pp_bnpl_bnpl"

/** Whether a payment provider id is the plugin's: `pp_bnpl_{id}`, whatever id the store gave it. */
export const isBnpl = (providerId?: string | null): boolean => !!providerId?.startsWith("pp_bnpl_")

/** The message of an SDK error (a FetchError carries the store's JSON message), or undefined. */
export function errorMessage(error: unknown): string | undefined {
  return error instanceof Error && error.message ? error.message : undefined
}
