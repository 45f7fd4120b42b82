"use client"

import { browserSdk, useBnplTexts } from "@lib/bnpl"
import { placeOrder } from "@lib/data/cart"
import { completeOnReturn, type ReturnState } from "medusa-payment-bnpl-storefront"
import { use, useEffect, useState } from "react"

type Props = { params: Promise<{ countryCode: string; outcome: string }>; searchParams: Promise<{ cart_id?: string }> }

export default function BnplReturnPage(props: Props) {
  const { countryCode, outcome } = use(props.params)
  const { cart_id: cartId = "" } = use(props.searchParams)
  const [state, setState] = useState<ReturnState | null>(null)
  const [attempt, setAttempt] = useState(1)
  const bnplTexts = useBnplTexts()

  useEffect(() => {
    completeOnReturn(browserSdk, cartId, {
      outcome: outcome === "error" ? "error" : "success",
      lang: navigator.language,
      onAttempt: setAttempt,
    }).then(async (result) => {
      // The order is placed: the starter's placeOrder answers it again, clears the cart cookie and shows it.
      if (result.state === "order") await placeOrder(cartId)
      else setState(result)
    })
  }, [cartId, outcome])

  if (!state) return <p data-testid="bnpl-return-progress">{bnplTexts.confirming(attempt)}</p>
  return (
    <div className="content-container py-12">
      <p data-testid="bnpl-return-message">{state.message}</p>
      {state.state !== "paid_unconfirmed" && <a href={`/${countryCode}/checkout?step=payment`}>{bnplTexts.backToPayment}</a>}
    </div>
  )
}
