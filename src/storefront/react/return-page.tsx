import { useState } from "react"
import { completeOnReturn, type ReturnState } from "../complete"
import { KIT_TEXTS } from "../messages"
import { countryPrefix, searchParam } from "./location"
import { useBnpl } from "./provider"
import { PAGE } from "./styles"
import { useOnce } from "./use-once"

/**
 * The body of the page the service sends the shopper back to, at `…/checkout/bnpl/success` and
 * `…/checkout/bnpl/error` (the cancel page) with `?cart_id=`: completes the cart, retrying while
 * the payment is not confirmed yet, then hands the order to the storefront's `placeOrder` (the
 * starter's clears the cart cookie and shows its confirmation page), or says what happened.
 */
export function BnplReturn({ placeOrder }: { placeOrder: (cartId: string) => Promise<unknown> }) {
  const { sdk, lang, texts } = useBnpl()
  const [state, setState] = useState<Exclude<ReturnState, { state: "order" }> | null>(null)
  const [attempt, setAttempt] = useState(1)

  useOnce(() => {
    const cartId = searchParam("cart_id") ?? ""
    const outcome = window.location.pathname.endsWith("/error") ? "error" : "success"
    void completeOnReturn(sdk, cartId, { outcome, lang, onAttempt: setAttempt }).then(async (result) => {
      if (result.state !== "order") return setState(result)
      // The order is placed: the storefront's placeOrder answers it again and shows it.
      await placeOrder(cartId).catch(() => setState({ state: "error", message: KIT_TEXTS[lang].error }))
    })
  })

  if (!state) {
    return (
      <div className={PAGE}>
        <p data-testid="bnpl-return-progress">{texts.confirming(attempt)}</p>
      </div>
    )
  }
  return (
    <div className={PAGE}>
      <p data-testid="bnpl-return-message">{state.message}</p>
      {state.state !== "paid_unconfirmed" && (
        <a href={`${countryPrefix()}/checkout?step=payment`} className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover">
          {texts.backToPayment}
        </a>
      )}
    </div>
  )
}
