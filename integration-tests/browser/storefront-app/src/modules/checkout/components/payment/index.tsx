"use client"

import { browserSdk, useBnplTexts } from "@lib/bnpl"
import { isBnpl, isStripeLike, paymentInfoMap as storeInfoMap } from "@lib/constants"
import { initiatePaymentSession } from "@lib/data/cart"
import { HttpTypes } from "@medusajs/types"
import ErrorMessage from "@modules/checkout/components/error-message"
import PaymentContainer from "@modules/checkout/components/payment-container"
import { Button, Heading, Text } from "@modules/common/components/ui"
import { getCartEligibility, type CartEligibility } from "medusa-payment-bnpl-storefront"
import { usePathname, useRouter, useSearchParams } from "next/navigation"
import { useEffect, useState } from "react"

/** The starter's payment step, without Stripe's card form: "Continue to review" creates the payment session. */
const Payment = ({ cart, availablePaymentMethods }: { cart: HttpTypes.StoreCart; availablePaymentMethods: { id: string }[] }) => {
  const activeSession = cart.payment_collection?.payment_sessions?.find((paymentSession) => paymentSession.status === "pending")
  const [isLoading, setIsLoading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [selectedPaymentMethod, setSelectedPaymentMethod] = useState(activeSession?.provider_id ?? "")
  const searchParams = useSearchParams()
  const router = useRouter()
  const pathname = usePathname()
  const isOpen = searchParams.get("step") === "payment"

  const bnplTexts = useBnplTexts()
  // The step's own lines read paymentInfoMap: in this one the method is named in the shopper's language.
  const paymentInfoMap = { ...storeInfoMap, pp_bnpl_bnpl: { ...storeInfoMap.pp_bnpl_bnpl, title: bnplTexts.methodTitle } }
  const [bnpl, setBnpl] = useState<CartEligibility | null>(null)
  useEffect(() => {
    getCartEligibility(browserSdk, cart.id, { lang: navigator.language }).then(setBnpl, () => setBnpl(null))
  }, [cart.id, cart.total])

  const handleSubmit = async () => {
    setIsLoading(true)
    try {
      const checkActiveSession = activeSession?.provider_id === selectedPaymentMethod
      if (!checkActiveSession) {
        await initiatePaymentSession(cart, { provider_id: selectedPaymentMethod })
      }
      if (!isStripeLike(selectedPaymentMethod)) {
        return router.push(pathname + "?step=review", { scroll: false })
      }
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err))
    } finally {
      setIsLoading(false)
    }
  }

  return (
    <div className="bg-white">
      <Heading>Payment</Heading>
      <div className={isOpen ? "block" : "hidden"} hidden={!isOpen}>
        {availablePaymentMethods.map((paymentMethod) => (
          <div key={paymentMethod.id}>
            <PaymentContainer
              paymentInfoMap={paymentInfoMap}
              paymentProviderId={paymentMethod.id}
              selectedPaymentOptionId={selectedPaymentMethod}
              onSelect={setSelectedPaymentMethod}
              disabled={isBnpl(paymentMethod.id) && bnpl?.next_step === "choose_another_method"}
            >
              {isBnpl(paymentMethod.id) && bnpl?.reason && <Text className="txt-small text-ui-fg-subtle">{bnpl.reason.message}</Text>}
            </PaymentContainer>
          </div>
        ))}
        <ErrorMessage error={error} data-testid="payment-method-error-message" />
        <Button
          size="large"
          className="mt-6"
          onClick={handleSubmit}
          isLoading={isLoading}
          disabled={!selectedPaymentMethod}
          data-testid="submit-payment-button"
        >
          Continue to review
        </Button>
      </div>
    </div>
  )
}

export default Payment
