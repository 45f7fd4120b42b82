import { useEffect, useState } from "react"
import { getOffer } from "../api"
import { formatInstallments, formatPlan } from "../format"
import type { Offer } from "../wire"
import { useBnpl } from "./provider"

export interface BnplOfferProps {
  /** The price, in major units, as Medusa's store API answers it (`calculated_price_number`). */
  amount?: number | null
  currencyCode?: string | null
  /**
   * The product whose price this is: the store answers nothing for a product it does not finance
   * (its excluded products, collections, categories, tags), so the page never advertises what checkout
   * refuses. Required, so that a product page cannot forget it; `null` only for an amount that is no
   * one product's (a cart's total, a banner), where the store can check the amount but no exclusion.
   */
  productId: string | null
}

/**
 * Under a product's price: "o 4 pagos de $308.62 cada 2 semanas", and an explainer the shopper
 * can open with each installment and when it falls. Nothing while the offer loads, and nothing
 * when the store does not offer installments for this price or this product.
 */
export function BnplOffer({ amount, currencyCode, productId }: BnplOfferProps) {
  const { sdk, lang, texts } = useBnpl()
  const [offer, setOffer] = useState<Offer | null>(null)
  useEffect(() => {
    if (amount == null || !currencyCode) return setOffer(null)
    let current = true
    getOffer(sdk, { amount, currencyCode, productId: productId ?? undefined, lang }).then(
      (answer) => current && setOffer(answer),
      () => current && setOffer(null),
    )
    return () => {
      current = false
    }
  }, [sdk, amount, currencyCode, productId, lang])

  const line = offer && formatInstallments(offer, lang)
  if (!offer || !line) return null
  const days = offer.plan.frequency_days
  return (
    <div className="flex flex-col gap-y-1 text-small-regular text-ui-fg-subtle" data-testid="bnpl-offer">
      <span data-testid="bnpl-offer-line">{line}</span>
      <details data-testid="bnpl-offer-explainer">
        <summary className="cursor-pointer text-ui-fg-interactive hover:text-ui-fg-interactive-hover">{texts.howItWorks}</summary>
        <div className="flex flex-col gap-y-1 py-2">
          <p>{texts.offerExplainer(offer.plan.installments, days)}</p>
          <ol>
            {formatPlan(offer, lang).map((installment, index) => (
              <li key={index} className="flex justify-between">
                <span>{texts.installmentWhen(index, days)}</span>
                <span>{installment}</span>
              </li>
            ))}
          </ol>
        </div>
      </details>
    </div>
  )
}
