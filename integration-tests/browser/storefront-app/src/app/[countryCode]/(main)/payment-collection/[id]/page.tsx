"use client"

import { browserSdk, useBnplTexts } from "@lib/bnpl"
import {
  balanceCheckoutUrl,
  confirmBalanceOnReturn,
  formatMoney,
  getBalanceEligibility,
  type BalanceEligibility,
} from "medusa-payment-bnpl-storefront"
import { use, useEffect, useState } from "react"

type Props = { params: Promise<{ countryCode: string; id: string }>; searchParams: Promise<{ bnpl?: string }> }

export default function PaymentLinkPage(props: Props) {
  const { id } = use(props.params)
  const { bnpl: returned } = use(props.searchParams)
  const [balance, setBalance] = useState<BalanceEligibility | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  const bnplTexts = useBnplTexts()

  useEffect(() => {
    const lang = navigator.language
    if (returned !== "success") void getBalanceEligibility(browserSdk, id, { lang }).then(setBalance)
    else
      void confirmBalanceOnReturn(browserSdk, id, { lang }).then((result) => {
        setMessage(result.message)
        if ("balance" in result) setBalance(result.balance)
      })
  }, [id, returned])

  const pay = async () => {
    const returnUrl = `${location.origin}${location.pathname}`
    location.assign(await balanceCheckoutUrl(browserSdk, id, { returnUrl, lang: navigator.language }))
  }

  if (!balance) return <p data-testid="bnpl-balance-progress">{message ?? bnplTexts.confirming(1)}</p>
  return (
    <div className="content-container py-12 flex flex-col gap-y-4">
      <p data-testid="bnpl-balance-amount">{formatMoney(balance.amount, balance.currency_code, balance.lang)}</p>
      {message && <p data-testid="bnpl-balance-message">{message}</p>}
      {balance.reason && !message && <p data-testid="bnpl-balance-reason">{balance.reason.message}</p>}
      {balance.next_step === "pay" && (
        <button onClick={() => void pay()} data-testid="bnpl-balance-pay">
          {bnplTexts.payButton}
        </button>
      )}
    </div>
  )
}
