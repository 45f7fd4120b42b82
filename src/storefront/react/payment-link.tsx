import { useState } from "react"
import { balanceCheckoutUrl, confirmBalanceOnReturn, getBalanceEligibility } from "../balance"
import type { CheckoutTexts } from "../messages"
import { formatMoney } from "../money"
import type { BalanceEligibility } from "../wire"
import { searchParam } from "./location"
import { useBnpl } from "./provider"
import { shopperError } from "./shopper-error"
import { BUTTON, ERROR, PAGE, SUBTLE } from "./styles"
import { useOnce } from "./use-once"

/** What the page says about the way the shopper came back (`?bnpl=` of the service's return URLs). */
function returnNotice(outcome: string | null, texts: CheckoutTexts): string | null {
  if (outcome === "cancel") return texts.balanceCancelled
  if (outcome === "error") return texts.balanceNotCompleted
  return null
}

/**
 * The body of Medusa's payment-link page (`{storefront}/payment-collection/{id}?order_id=…`) for an
 * order's balance: the order, the amount due and the button to pay it in installments; back from
 * the service (`?bnpl=success`), the store's confirmation of the payment; `bnpl=error` or `cancel`,
 * a notice and the button again; a balance installments cannot pay, the reason.
 */
export function BnplPaymentLink({ paymentCollectionId }: { paymentCollectionId: string }) {
  const { sdk, lang, texts } = useBnpl()
  const [balance, setBalance] = useState<BalanceEligibility | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)

  useOnce(() => {
    const outcome = searchParam("bnpl")
    const load = async () => {
      if (outcome !== "success") {
        setNotice(returnNotice(outcome, texts))
        return setBalance(await getBalanceEligibility(sdk, paymentCollectionId, { lang }))
      }
      const confirmed = await confirmBalanceOnReturn(sdk, paymentCollectionId, { lang })
      setNotice(confirmed.message)
      setBalance("balance" in confirmed ? confirmed.balance : await getBalanceEligibility(sdk, paymentCollectionId, { lang }))
    }
    load().catch(() => setError(texts.balanceLoadError))
  })

  const pay = async () => {
    setSubmitting(true)
    setError(null)
    try {
      const returnUrl = `${window.location.origin}${window.location.pathname}`
      window.location.assign(await balanceCheckoutUrl(sdk, paymentCollectionId, { returnUrl, lang }))
    } catch (failure) {
      setError(shopperError(failure, texts))
      setSubmitting(false)
    }
  }

  return (
    <div className={PAGE} data-testid="bnpl-payment-link">
      <h1 className="text-2xl-semi">{texts.balanceTitle}</h1>
      {!balance && !error && <p data-testid="bnpl-balance-progress">{texts.loading}</p>}
      {balance && (
        <div className="flex flex-col gap-y-1">
          {balance.order_id && (
            <p className={SUBTLE} data-testid="bnpl-balance-order">
              {texts.orderReference(balance.order_id)}
            </p>
          )}
          <p className="text-ui-fg-subtle">{texts.balanceDue}</p>
          <p className="text-xl-semi" data-testid="bnpl-balance-amount">
            {formatMoney(balance.amount, balance.currency_code, lang)}
          </p>
        </div>
      )}
      {notice && <p data-testid="bnpl-balance-message">{notice}</p>}
      {balance?.reason && !notice && <p data-testid="bnpl-balance-reason">{balance.reason.message}</p>}
      {balance?.next_step === "pay" && (
        <div>
          <button type="button" className={BUTTON} disabled={submitting} onClick={() => void pay()} data-testid="bnpl-balance-pay">
            {submitting ? texts.redirecting : texts.payButton}
          </button>
        </div>
      )}
      {error && (
        <div className={ERROR} data-testid="bnpl-balance-error">
          <span>{error}</span>
        </div>
      )}
    </div>
  )
}
