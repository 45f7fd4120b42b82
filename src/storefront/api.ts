import { langQuery, type Lang } from "./lang"
import type { BnplSdk } from "./sdk"
import type { CartEligibility, CartEligibilityResponse, Offer, OfferResponse } from "./wire"

/**
 * For a product or cart page with no cart yet: may this amount be paid in installments, and
 * how would the plan look? `amount` is in major units, as Medusa's prices are. With
 * `productId`, a product the store does not finance is answered `product_excluded`.
 */
export async function getOffer(
  sdk: BnplSdk,
  input: { amount: number | string; currencyCode: string; productId?: string; lang?: Lang | string },
): Promise<Offer> {
  const query: Record<string, string> = { amount: String(input.amount), currency_code: input.currencyCode }
  if (input.productId) query.product_id = input.productId
  Object.assign(query, langQuery(input.lang))
  const { offer } = await sdk.client.fetch<OfferResponse>("/store/bnpl/offer", { query })
  return offer
}

/**
 * For the payment step: may this cart pay in installments, why not, and what became of its
 * loan. `next_step` says where a returning shopper belongs.
 */
export async function getCartEligibility(sdk: BnplSdk, cartId: string, input: { lang?: Lang | string } = {}): Promise<CartEligibility> {
  const { bnpl } = await sdk.client.fetch<CartEligibilityResponse>(`/store/carts/${encodeURIComponent(cartId)}/bnpl`, {
    query: langQuery(input.lang),
  })
  return bnpl
}
