import type { BnplOptions } from "../../../../../lib/options/options"
import type { Lang } from "../../../../../storefront/lang"
import { buildOffer, excludingProducts, withReason } from "../../../../../storefront/offer-rules"
import type { BalanceEligibility } from "../../../../../storefront/wire"
import { coversAmount } from "../../../../../lib/medusa/balance-snapshot"
import { cartLoans } from "../../known-loans"
import { unavailable } from "../../unavailable"
import type { BalanceFacts } from "./balance-facts"

/** What the payment-link page of an order's balance should show. */
export function balanceEligibility(facts: BalanceFacts, options: BnplOptions, lang: Lang, providerId: string): BalanceEligibility {
  const loans = cartLoans(facts)
  const paid = loans.find((loan) => loan.status === "paid")
  const loan = paid ?? loans[loans.length - 1] ?? null
  const offer = buildOffer(facts.amount, facts.currencyCode, options, lang)
  const base = {
    payment_collection_id: facts.paymentCollectionId,
    order_id: facts.orderId,
    amount: offer.amount,
    currency_code: facts.currencyCode,
    loan,
    loans,
    status_known: Boolean(facts.live),
    lang,
    provider_id: providerId,
  }
  if (coversAmount(facts.status)) return { ...base, ...unavailable(withReason(offer, "balance_paid")), next_step: "paid" }
  // Paid at the service, not yet the collection's payment: the webhook or the return page's confirmation records it.
  if (paid) return { ...base, ...unavailable(withReason(offer, "loan_paid")), next_step: "confirming" }
  if (facts.excludedItems.length)
    return { ...base, ...unavailable(excludingProducts(offer, facts.excludedItems)), next_step: "choose_another_method" }
  if (!offer.available) return { ...base, ...unavailable(offer), next_step: "choose_another_method" }
  return { ...base, available: true, reason: null, offer, next_step: "pay" }
}
