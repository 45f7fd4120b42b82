import { useState } from "react"
import { installmentCheckoutUrl } from "../checkout"
import type { StoreCart } from "../sdk"
import { countryPrefix } from "./location"
import { useBnpl } from "./provider"
import { shopperError } from "./shopper-error"
import { BUTTON, ERROR } from "./styles"

/**
 * The review step's button: sends the shopper to the service's page of the cart's loan (the one
 * the payment step's session made, again after the shopper cancelled there), or of a new loan
 * when the service ended the last one. When the store places orders first it places the order
 * before the redirect; a cart already paid goes to the return page.
 */
export function BnplPaymentButton({
  cart,
  disabled,
  returnUrl,
  "data-testid": testId,
}: {
  cart: StoreCart
  disabled?: boolean
  /** Where a cart already paid goes: the starter's return page by default. */
  returnUrl?: string
  "data-testid"?: string
}) {
  const { sdk, lang, texts } = useBnpl()
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const pay = async () => {
    setSubmitting(true)
    setError(null)
    try {
      const back = returnUrl ?? `${countryPrefix()}/checkout/bnpl/success?cart_id=${encodeURIComponent(cart.id)}`
      window.location.assign(await installmentCheckoutUrl(sdk, cart, { returnUrl: back, lang }))
    } catch (failure) {
      setError(shopperError(failure, texts))
      setSubmitting(false)
    }
  }

  return (
    <>
      <button type="button" className={BUTTON} disabled={disabled || submitting} onClick={() => void pay()} data-testid={testId}>
        {submitting ? texts.redirecting : texts.payButton}
      </button>
      {error && (
        <div className={ERROR} data-testid="bnpl-payment-error-message">
          <span>{error}</span>
        </div>
      )}
    </>
  )
}
