import { cloneElement, useEffect, useMemo, useState, type ReactElement, type ReactNode } from "react"
import { getCartEligibility } from "../api"
import { isBnpl } from "../sdk"
import type { CartEligibility } from "../wire"
import { useBnpl } from "./provider"
import { DISABLED, INNER, INNER_DISABLED, SUBTLE } from "./styles"

/** The props the kit sets on the storefront's payment option (the starter's `PaymentContainer`). */
export interface PaymentOptionProps {
  disabled?: boolean
  children?: ReactNode
}

/**
 * Wraps the storefront's own payment option (the starter's `PaymentContainer`) for every
 * provider: any provider but the plugin's is left as it is. The plugin's option is disabled,
 * visibly, with the shopper's reason under it, when the cart cannot pay in installments (the
 * currency, the total, the region or a product rules it out).
 */
export function BnplPaymentOption({
  cart,
  providerId,
  children,
}: {
  cart: { id: string; total?: number | null }
  providerId: string
  children: ReactElement<PaymentOptionProps>
}) {
  return isBnpl(providerId) ? <EligibleOption cart={cart}>{children}</EligibleOption> : children
}

function EligibleOption({ cart, children }: { cart: { id: string; total?: number | null }; children: ReactElement<PaymentOptionProps> }) {
  const { sdk, lang } = useBnpl()
  const [eligibility, setEligibility] = useState<CartEligibility | null>(null)
  useEffect(() => {
    let current = true
    getCartEligibility(sdk, cart.id, { lang }).then(
      (answer) => current && setEligibility(answer),
      // Unknown eligibility leaves the method offered: the store still refuses a session it cannot make.
      () => current && setEligibility(null),
    )
    return () => {
      current = false
    }
  }, [sdk, cart.id, cart.total, lang])

  const disabled = eligibility?.next_step === "choose_another_method"
  const reason =
    disabled && eligibility.reason ? (
      <p className={SUBTLE} data-testid="bnpl-unavailable-reason">
        {eligibility.reason.message}
      </p>
    ) : null
  return (
    <div data-testid="bnpl-payment-option" data-disabled={disabled ? "true" : undefined} style={disabled ? DISABLED : undefined}>
      <div style={disabled ? INNER_DISABLED : INNER}>{cloneElement(children, { disabled, children: reason })}</div>
    </div>
  )
}

/**
 * The storefront's map of payment methods with the plugin's named in the shopper's language: the
 * same type as the map it is given, so the storefront's lines that read the map read this one.
 */
export function useBnplPaymentInfo<M extends Record<string, { title: string }>>(paymentInfoMap: M): M {
  const { texts } = useBnpl()
  return useMemo(() => {
    const named = { ...paymentInfoMap }
    for (const id of Object.keys(named) as Array<keyof M>) {
      if (isBnpl(String(id))) named[id] = { ...named[id], title: texts.methodTitle }
    }
    return named
  }, [paymentInfoMap, texts])
}
