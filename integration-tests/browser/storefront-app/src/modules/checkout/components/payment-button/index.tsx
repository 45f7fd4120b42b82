"use client"

import { browserSdk, useBnplTexts } from "@lib/bnpl"
import { isBnpl, isManual, isStripeLike } from "@lib/constants"
import { placeOrder } from "@lib/data/cart"
import { HttpTypes } from "@medusajs/types"
import { Button } from "@modules/common/components/ui"
import { installmentCheckoutUrl } from "medusa-payment-bnpl-storefront"
import { useParams } from "next/navigation"
import React, { useState } from "react"
import ErrorMessage from "../error-message"

type PaymentButtonProps = {
  cart: HttpTypes.StoreCart
  "data-testid": string
}

/** The starter's payment button, without Stripe's card form: the manual one, and the recipe's. */
const PaymentButton: React.FC<PaymentButtonProps> = ({ cart, "data-testid": dataTestId }) => {
  const notReady = !cart || !cart.shipping_address || !cart.billing_address || !cart.email || (cart.shipping_methods?.length ?? 0) < 1
  const paymentSession = cart.payment_collection?.payment_sessions?.[0]

  switch (true) {
    case isStripeLike(paymentSession?.provider_id):
      return <Button disabled>Card payments are not part of this app</Button>
    case isManual(paymentSession?.provider_id):
      return <ManualTestPaymentButton notReady={notReady} data-testid={dataTestId} />
    case isBnpl(paymentSession?.provider_id):
      return <BnplPaymentButton cart={cart} notReady={notReady} data-testid={dataTestId} />
    default:
      return <Button disabled>Select a payment method</Button>
  }
}

const ManualTestPaymentButton = ({ notReady }: { notReady: boolean; "data-testid"?: string }) => {
  const [submitting, setSubmitting] = useState(false)
  const [errorMessage, setErrorMessage] = useState<string | null>(null)
  const handlePayment = () => {
    setSubmitting(true)
    placeOrder()
      .catch((err) => setErrorMessage(err.message))
      .finally(() => setSubmitting(false))
  }
  return (
    <>
      <Button disabled={notReady} isLoading={submitting} onClick={handlePayment} size="large" data-testid="submit-order-button">
        Place order
      </Button>
      <ErrorMessage error={errorMessage} data-testid="manual-payment-error-message" />
    </>
  )
}

const BnplPaymentButton = ({
  cart,
  notReady,
  "data-testid": dataTestId,
}: {
  cart: HttpTypes.StoreCart
  notReady: boolean
  "data-testid"?: string
}) => {
  const [submitting, setSubmitting] = useState(false)
  const [errorMessage, setErrorMessage] = useState<string | null>(null)
  const { countryCode } = useParams<{ countryCode: string }>()
  const bnplTexts = useBnplTexts()

  const handlePayment = async () => {
    setSubmitting(true)
    setErrorMessage(null)
    try {
      const returnUrl = `/${countryCode}/checkout/bnpl/success?cart_id=${cart.id}`
      window.location.assign(await installmentCheckoutUrl(browserSdk, cart, { returnUrl, lang: navigator.language }))
    } catch (err) {
      setErrorMessage(err instanceof Error ? err.message : String(err))
      setSubmitting(false)
    }
  }

  return (
    <>
      <Button disabled={notReady} onClick={handlePayment} size="large" isLoading={submitting} data-testid={dataTestId}>
        {bnplTexts.payButton}
      </Button>
      <ErrorMessage error={errorMessage} data-testid="bnpl-payment-error-message" />
    </>
  )
}

export default PaymentButton
