import type { BnplOptions } from "../../../../../lib/options/options"
import type { Lang } from "../../../../../storefront/lang"
import { buildOffer, excludingProducts, withReason } from "../../../../../storefront/offer-rules"
import type { CartEligibility } from "../../../../../storefront/wire"
import type { CartFacts } from "./cart-facts"
import { cartLoans } from "../../../bnpl/known-loans"
import { unavailable } from "../../../bnpl/unavailable"

/**
 * What the payment step should show for a cart. The rule for paid loans (the ledger's): a
 * cart with a paid loan that is not an order yet is offered no new loan; the storefront
 * completes the cart instead.
 */
export function cartEligibility(facts: CartFacts, options: BnplOptions, lang: Lang): CartEligibility {
  const loans = cartLoans(facts)
  const paid = loans.find((loan) => loan.status === "paid")
  const loan = paid ?? loans[loans.length - 1] ?? null
  const offer = buildOffer(facts.total, facts.currencyCode, options, lang)
  const base = { cart_id: facts.cartId, loan, loans, status_known: Boolean(facts.live), lang, order_before_financing: options.orderBeforeFinancing }

  if (facts.completed || facts.orderId) {
    // An order placed before its financing: the shopper pays its loan's first installment.
    const awaited = facts.known.find((known) => known.awaitsFinancing)
    const payable = awaited && loans.find((l) => l.loan_id === awaited.loanId && l.status !== "cancelled" && l.status !== "paid" && l.checkout_url)
    if (payable) return { ...base, loan: payable, ...unavailable(withReason(offer, "cart_completed")), next_step: "pay_order" }
    return { ...base, ...unavailable(withReason(offer, "cart_completed")), next_step: "show_order" }
  }
  if (paid) return { ...base, ...unavailable(withReason(offer, "loan_paid")), next_step: "complete_cart" }
  if (!facts.offeredInRegion) return { ...base, ...unavailable(withReason(offer, "not_in_region")), next_step: "choose_another_method" }
  if (facts.excludedItems.length)
    return { ...base, ...unavailable(excludingProducts(offer, facts.excludedItems)), next_step: "choose_another_method" }
  if (!offer.available) return { ...base, ...unavailable(offer), next_step: "choose_another_method" }
  return { ...base, available: true, reason: null, offer, next_step: "pay" }
}
