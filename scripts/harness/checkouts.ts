import { mapLimited } from "./pool"
import { BNPL, sessionOf, StoreApi, type ProviderId, type ReadyCart } from "./store-api"

export interface Checkout extends ReadyCart {
  sessionId: string
}

export interface LoanCheckout extends Checkout {
  loanId: number
}

/** Checkouts up to the redirect: each cart gets one payment session of `provider`, `concurrency` at a time. */
export async function checkouts(
  api: StoreApi,
  carts: ReadyCart[],
  provider: ProviderId,
  concurrency: number,
): Promise<Array<Checkout & { loanId?: number }>> {
  const made = await mapLimited(carts, concurrency, async (cart) => ({
    ...cart,
    ...sessionOf(await api.startSession(cart.collectionId, provider), provider),
  }))
  return made.filter((checkout): checkout is Checkout & { loanId?: number } => checkout !== undefined)
}

/** pp_bnpl_bnpl checkouts: each with the loan the provider created at the service. */
export async function loanCheckouts(api: StoreApi, carts: ReadyCart[], concurrency: number): Promise<LoanCheckout[]> {
  return (await checkouts(api, carts, BNPL, concurrency)).map(({ loanId, ...checkout }) => {
    if (loanId === undefined) throw new Error(`session ${checkout.sessionId} holds no loan_id`)
    return { ...checkout, loanId }
  })
}
